import type { Dictionary } from "#client/i18n.ts";

export default {
  "1 result": "1 resultado",
  Joined: "Miembro",
  "Kinds of result": "Tipos de resultado",
  "More than 1,000 results": "Más de 1.000 resultados",
  "No Communities": "No hay comunidades",
  "No results": "Sin resultados",
  "Nothing matches “{{q}}”. Try other words, or fewer of them.":
    "Nada coincide con «{{q}}». Prueba con otras palabras, o con menos.",
  "Results for “{{q}}”": "Resultados de «{{q}}»",
  "Search communities": "Buscar comunidades",
  "This could not be loaded.": "No se pudo cargar.",
  "Type a few words in the search box: posts, comments, communities and people.":
    "Escribe unas palabras en el buscador: publicaciones, comentarios, comunidades y personas.",
  Users: "Usuarios",
  View: "Ver",
  "What are you looking for?": "¿Qué estás buscando?",
  "commented on": "comentó en",
  "{{count}} results": "{{count}} resultados",
  "{{count}} vote": "{{count}} voto",
  "{{count}} votes": "{{count}} votos",
  "Type at least {{count}} letters to search.": "Escribe al menos {{count}} letras para buscar.",
  // The header search's suggestions while typing
  Suggestions: "Sugerencias",
} satisfies Dictionary;
