import type { Dictionary } from "#client/i18n.ts";

export default {
  "1 result": "1 resultado",
  Joined: "Membro",
  "Kinds of result": "Tipos de resultado",
  "More than 1,000 results": "Mais de 1.000 resultados",
  "No Communities": "Nenhuma comunidade",
  "No results": "Nenhum resultado",
  "Nothing matches “{{q}}”. Try other words, or fewer of them.":
    "Nada corresponde a “{{q}}”. Tente outras palavras, ou menos palavras.",
  "Results for “{{q}}”": "Resultados para “{{q}}”",
  "Search communities": "Buscar comunidades",
  "This could not be loaded.": "Não foi possível carregar.",
  "Type a few words in the search box: posts, comments, communities and people.":
    "Digite algumas palavras na busca: posts, comentários, comunidades e pessoas.",
  Users: "Usuários",
  View: "Ver",
  "What are you looking for?": "O que você está procurando?",
  "commented on": "comentou em",
  "{{count}} results": "{{count}} resultados",
  "{{count}} vote": "{{count}} voto",
  "{{count}} votes": "{{count}} votos",
  "Type at least {{count}} letters to search.": "Digite pelo menos {{count}} letras para pesquisar.",
  // The header search's suggestions while typing
  Suggestions: "Sugestões",
} satisfies Dictionary;
