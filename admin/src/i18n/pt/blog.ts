import type { Dictionary } from "#client/i18n.ts";

// The blog screens (admin/src/features/blog).
export default {
  "Blog posts": "Posts do blog",
  "New blog post": "Novo post do blog",
  "Edit blog post": "Editar post do blog",
  "There are no blog posts yet.": "Ainda não há posts no blog.",
  "Do you really want to publish this?": "Você quer mesmo publicar isto?",
  "This blog was already published. Do you want to unpublish it?":
    "Este blog já foi publicado. Você quer despublicá-lo?",
  "Do you really want to delete it?": "Você quer mesmo excluí-lo?",
  Published: "Publicado",
  Unpublished: "Não publicado",
  "Published: {{title}}": "Publicado: {{title}}",
  "Published at": "Publicado em",
  View: "Ver",
  "View {{title}}": "Ver {{title}}",
  "Delete {{title}}": "Excluir {{title}}",
  Title: "Título",
  Category: "Categoria",
  Body: "Corpo",
  Summary: "Resumo",
  "Shown in the blog's list. Left empty, it is the first words of the body.":
    "Aparece na lista do blog. Se ficar vazio, são as primeiras palavras do corpo.",
  Cover: "Capa",
  "Upload a cover": "Enviar uma capa",
  "Change cover": "Trocar a capa",
  "Remove cover": "Remover a capa",
  "An image: PNG, JPEG, GIF or WebP, at most 1 MB.": "Uma imagem: PNG, JPEG, GIF ou WebP, de até 1 MB.",
  "The blog post was saved": "O post do blog foi salvo",
  Announcement: "Anúncio",
  Guide: "Guia",
  Community: "Comunidade",
  Security: "Segurança",
  Insights: "Análises",
  Other: "Outro",
} satisfies Dictionary;
