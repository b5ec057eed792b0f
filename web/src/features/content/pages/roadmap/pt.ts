import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Nosso roteiro",
  lead: "O que estamos construindo agora, o que vem depois e o que ainda estamos pensando. Os planos mudam quando aprendemos algo: conte o que importa para você em Enviar feedback ou em c/agora.",
  sections: [
    {
      heading: "Agora",
      list: [
        "Busca melhor: filtros por comunidade e por data, e resultados que mostram as palavras encontradas.",
        "Ferramentas de moderação para comunidades: moderadores, regras fixadas e uma fila de posts denunciados.",
        "Páginas mais rápidas em conexões lentas e uma primeira visita mais leve.",
      ],
    },
    {
      heading: "Em seguida",
      list: [
        "Chats em grupo para comunidades e equipes, com a mesma entrega em tempo real do chat um a um.",
        "Posts salvos e listas de leitura.",
        "Perfis mais completos para empresas: portfólio, avaliações de serviços e um mural de vagas público por empresa.",
        "Resumos por e-mail das comunidades que você segue, na frequência que escolher.",
      ],
    },
    {
      heading: "Mais adiante",
      list: [
        "Aplicativos para Android e iOS.",
        "Eventos dentro das comunidades, com lembretes.",
        "Mais opções de saque para gorjetas e serviços, em mais países.",
      ],
    },
    {
      heading: "Lançado recentemente",
      list: [
        "Busca em posts, comentários, comunidades e pessoas.",
        "Notificações de seguidores, menções, comentários, respostas, votos e indicações, cada uma com seu próprio interruptor.",
        "Chat um a um em tempo real com imagens, emojis e prévias de links.",
        "Temas noturno e diurno, em inglês, espanhol e português.",
      ],
    },
  ],
} satisfies PageText;
