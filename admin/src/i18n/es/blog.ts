import type { Dictionary } from "#client/i18n.ts";

// The blog screens (admin/src/features/blog).
export default {
  "Blog posts": "Entradas del blog",
  "New blog post": "Nueva entrada del blog",
  "Edit blog post": "Editar entrada del blog",
  "There are no blog posts yet.": "Todavía no hay entradas en el blog.",
  "Do you really want to publish this?": "¿Seguro que quieres publicar esto?",
  "This blog was already published. Do you want to unpublish it?":
    "Este blog ya se publicó. ¿Quieres despublicarlo?",
  "Do you really want to delete it?": "¿Seguro que quieres eliminarlo?",
  Published: "Publicado",
  Unpublished: "Sin publicar",
  "Published: {{title}}": "Publicado: {{title}}",
  "Published at": "Publicado en",
  View: "Ver",
  "View {{title}}": "Ver {{title}}",
  "Delete {{title}}": "Eliminar {{title}}",
  Title: "Título",
  Category: "Categoría",
  Body: "Cuerpo",
  Summary: "Resumen",
  "Shown in the blog's list. Left empty, it is the first words of the body.":
    "Se muestra en la lista del blog. Si se deja vacío, son las primeras palabras del cuerpo.",
  Cover: "Portada",
  "Upload a cover": "Subir una portada",
  "Change cover": "Cambiar la portada",
  "Remove cover": "Quitar la portada",
  "An image: PNG, JPEG, GIF or WebP, at most 1 MB.":
    "Una imagen: PNG, JPEG, GIF o WebP, de 1 MB como máximo.",
  "The blog post was saved": "Se guardó la entrada del blog",
  Announcement: "Anuncio",
  Guide: "Guía",
  Community: "Comunidad",
  Security: "Seguridad",
  Insights: "Análisis",
  Other: "Otro",
} satisfies Dictionary;
