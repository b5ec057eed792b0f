import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Código de Conduta",
  updated: "2026-11-21",
  lead: "O Agora funciona quando as pessoas podem discordar sem medo. Estas regras valem para todos, em cada comunidade e cada chat, inclusive para a equipe.",
  sections: [
    {
      heading: "Seja gentil, mesmo quando discordar",
      list: [
        "Critique ideias, não pessoas. Nada de insultos, termos pejorativos ou ataques pessoais.",
        "Nada de assédio: não persiga alguém pelo site, não participe de ataques em grupo nem continue procurando quem pediu que você parasse.",
        "Nada de ódio: não ataque ninguém pelo que é, incluindo raça, etnia, nacionalidade, religião, gênero, orientação sexual, deficiência ou idade.",
      ],
    },
    {
      heading: "Seja honesto",
      list: [
        "Não finja ser outra pessoa, nem uma marca ou organização que você não representa.",
        "Não espalhe informações que você sabe que são falsas, e corrija-se quando errar.",
        "Nada de golpes, sorteios falsos ou ofertas enganosas, em posts, chats, vagas ou serviços.",
      ],
    },
    {
      heading: "Mantenha tudo seguro e legal",
      list: [
        "Nada de conteúdo ilegal, nem nada que coloque alguém em perigo.",
        "Nunca conteúdo sexual envolvendo menores. Denunciamos às autoridades.",
        "Marque conteúdo adulto ou explícito onde uma comunidade permitir; em outros lugares não é permitido.",
        "Não compartilhe informações privadas de outras pessoas sem o consentimento delas.",
      ],
    },
    {
      heading: "Respeite o espaço",
      list: [
        "Publique na comunidade certa e siga as regras dela.",
        "Nada de spam: nem posts repetidos, nem mensagens em massa, nem manipulação de votos.",
      ],
    },
    {
      heading: "O que acontece quando as regras são violadas",
      paragraphs: [
        "Use Denunciar num post ou perfil para avisar nossa equipe. Dependendo do que aconteceu, podemos remover conteúdo, advertir a pessoa, limitar o que ela pode fazer ou suspender a conta. Violações graves ou repetidas levam ao banimento permanente. Você sempre pode bloquear alguém por conta própria: a pessoa não poderá mais seguir você, mandar mensagens ou alcançá-lo.",
      ],
    },
  ],
} satisfies PageText;
