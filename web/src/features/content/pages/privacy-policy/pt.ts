import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Política de privacidade",
  updated: "2026-11-21",
  lead: "Coletamos o mínimo possível sobre você, usamos apenas para fazer o Agora funcionar e nunca vendemos. Esta página explica o que guardamos, por quê e o que você pode fazer a respeito.",
  sections: [
    {
      heading: "O que coletamos",
      list: [
        "Dados da conta: seu nome de usuário, seu e-mail e um hash com sal da sua senha (nunca a senha em si).",
        "Seu perfil: nome de exibição, imagens, cargo e habilidades, se você os adicionar.",
        "O que você cria: posts, comentários, votos, mensagens, denúncias e feedback.",
        "Suas configurações, como o tema e as notificações que você quer receber.",
        "Pagamentos: a assinatura que você comprou e um registro de gorjetas e transferências. Os dados do cartão ficam com nosso provedor de pagamentos e nunca chegam aos nossos servidores.",
        "Dados técnicos necessários para manter o site seguro, como seu endereço IP ao entrar, guardados por pouco tempo.",
      ],
    },
    {
      heading: "Para que usamos",
      paragraphs: [
        "Para manter sua conta e mostrar seus posts, entregar mensagens e notificações, processar pagamentos, proteger o Agora contra abusos e fraudes e responder quando você nos escreve. Só enviamos a newsletter enquanto a configuração Newsletter estiver ativada.",
      ],
    },
    {
      heading: "O que os outros podem ver",
      paragraphs: [
        "Seu nome de usuário, nome de exibição, imagens, selos, posts, comentários, seguidores e as pessoas que você segue são públicos. Seu e-mail só aparece para você. As mensagens de chat só são vistas pelas pessoas da conversa.",
      ],
    },
    {
      heading: "Com quem compartilhamos",
      paragraphs: [
        "Com os provedores que operam partes do serviço para nós (hospedagem, envio de e-mail, pagamentos), que só podem usá-los para esse fim, e com as autoridades quando a lei exigir. Nunca com anunciantes e nunca em troca de dinheiro.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "Usamos um cookie para manter você conectado (access_token, por 7 dias) e o armazenamento local para lembrar seu tema e idioma. Não há cookies de publicidade nem de rastreamento.",
      ],
    },
    {
      heading: "Suas escolhas e direitos",
      list: [
        "Altere seu perfil, e-mail, senha e notificações quando quiser em Configurações.",
        "Bloqueie pessoas para que não possam seguir você, mandar mensagens ou alcançá-lo.",
        "Exclua sua conta em Configurações → Conta; seu perfil desaparece na hora.",
        "Peça uma cópia dos seus dados ou uma correção escrevendo para privacy@agora.example.",
      ],
    },
    {
      heading: "Por quanto tempo guardamos",
      paragraphs: [
        "Enquanto sua conta existir. Depois que você a exclui, removemos seus dados pessoais, exceto os registros que a lei nos obriga a manter (por exemplo, os de pagamentos) e as cópias de segurança, que expiram em 30 dias.",
      ],
    },
  ],
} satisfies PageText;
