import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Termos de uso",
  updated: "2026-11-21",
  lead: "Estes termos são o acordo entre você e o Agora quando você usa o site. Leia-os, por favor: ao criar uma conta ou usar o Agora, você os aceita.",
  sections: [
    {
      heading: "1. Sua conta",
      paragraphs: [
        "Você precisa ter pelo menos 16 anos, ou a idade de consentimento digital do seu país se for maior, para criar uma conta. Use um e-mail real, não compartilhe sua senha e avise-nos imediatamente se achar que outra pessoa usou sua conta. Você é responsável pelo que é feito com ela.",
        "Uma pessoa pode ter várias contas apenas se não as usar para enganar os outros, votar mais de uma vez ou contornar um bloqueio ou uma suspensão.",
      ],
    },
    {
      heading: "2. O que você publica",
      paragraphs: [
        "Você mantém os direitos sobre o que publica. Ao publicar, concede ao Agora uma licença mundial, não exclusiva e gratuita para armazenar, exibir e compartilhar o conteúdo no Agora enquanto ele estiver no site, para que o serviço funcione.",
        "Publique apenas o que você tem direito de compartilhar. Não é permitido publicar nada ilegal, nada que viole direitos de terceiros nem nada que o Código de Conduta proíba.",
      ],
    },
    {
      heading: "3. Como mantemos o Agora seguro",
      paragraphs: [
        "Nossa equipe pode remover conteúdo, limitar recursos ou suspender contas que violem estes termos ou o Código de Conduta, e normalmente dirá o motivo. Qualquer pessoa pode denunciar um post ou uma pessoa; revisamos todas as denúncias. Se achar que erramos, escreva-nos pelo Enviar feedback.",
      ],
    },
    {
      heading: "4. Pagamentos, gorjetas e assinaturas",
      paragraphs: [
        "As assinaturas são regidas pelos Termos de assinatura. Gorjetas e pagamentos por serviços são feitos entre pessoas: o Agora repassa o pagamento por meio de seus provedores, mas não é parte do acordo entre vocês. Transferências em cripto não podem ser desfeitas depois de confirmadas na blockchain; confira o destinatário antes de enviar.",
      ],
    },
    {
      heading: "5. O que você não deve fazer",
      list: [
        "Tentar quebrar, sobrecarregar ou contornar a segurança do site, ou coletar dados de outras pessoas com scripts.",
        "Enviar spam, usar contas automatizadas sem nossa permissão por escrito, ou comprar ou vender votos e seguidores.",
        "Fingir ser outra pessoa ou organização.",
        "Usar o Agora para fraudes ou para violar a lei.",
      ],
    },
    {
      heading: "6. Deixar de usar o Agora",
      paragraphs: [
        "Você pode excluir sua conta a qualquer momento em Configurações → Conta. Podemos encerrar contas que violem estes termos de forma grave ou repetida. Algumas informações podem ser mantidas após a exclusão quando a lei exigir, como explica a Política de privacidade.",
      ],
    },
    {
      heading: "7. Responsabilidade",
      paragraphs: [
        "Trabalhamos para manter o Agora disponível e correto, mas o oferecemos como está e não podemos prometer que nunca será interrompido nem que estará livre de erros. Na medida permitida pela lei, o Agora não responde por perdas indiretas nem pelo que outras pessoas publicam ou fazem.",
      ],
    },
    {
      heading: "8. Alterações",
      paragraphs: [
        "Podemos alterar estes termos. Quando uma alteração for importante, avisaremos no site ou por e-mail antes de ela entrar em vigor. Se você continuar usando o Agora depois disso, os novos termos se aplicam.",
      ],
    },
  ],
} satisfies PageText;
