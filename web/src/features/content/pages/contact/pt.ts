import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Contato",
  lead: "Lemos tudo o que nos enviam. O jeito mais rápido de falar com a equipe é o formulário Enviar feedback; para o resto, escolha o endereço certo.",
  sections: [
    {
      heading: "Dúvidas, ideias e problemas",
      paragraphs: [
        "Use Enviar feedback no menu (é preciso estar conectado). Escolha o tipo certo (uma sugestão, um pedido de recurso, um erro) e adicione o link da página se ajudar. A equipe responde por ordem de chegada, normalmente em até dois dias úteis.",
      ],
    },
    {
      heading: "Denunciar um post ou uma pessoa",
      paragraphs: [
        "Use Denunciar no menu do post ou no perfil da pessoa. As denúncias vão direto para a fila da nossa equipe com o link do que você viu, o que permite agir muito mais rápido do que com um e-mail.",
      ],
    },
    {
      heading: "Sua conta e seus dados",
      paragraphs: [
        "Você mesmo pode alterar seu e-mail e sua senha e excluir sua conta em Configurações → Conta. Para receber uma cópia dos seus dados ou tirar qualquer dúvida sobre privacidade, escreva para privacy@agora.example a partir do endereço da sua conta.",
      ],
    },
    {
      heading: "Empresas, imprensa e parcerias",
      list: [
        "Publicidade e cartões promovidos: ads@agora.example (veja Anunciar).",
        "Imprensa: press@agora.example.",
        "Parcerias e integrações: partners@agora.example (veja Construa conosco).",
        "Todo o resto: hello@agora.example.",
      ],
    },
  ],
} satisfies PageText;
