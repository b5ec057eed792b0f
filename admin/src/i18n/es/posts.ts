import type { Dictionary } from "#client/i18n.ts";

// The post and community rules' messages (shared/src/schemas/posts.ts, communities.ts): the API
// sends them as details, which the admin site shows through the same generic handler.
export default {
  "Title is required": "El título es obligatorio",
  "Title must be 300 characters or less": "El título debe tener 300 caracteres o menos",
  "Write something in the body": "Escribe algo en el cuerpo",
  "Body must be 10000 characters or less": "El cuerpo debe tener 10000 caracteres o menos",
  "Choose a community": "Elige una comunidad",
  "Add an image or a video": "Añade una imagen o un vídeo",
  "File size should not exceed 1MB": "El tamaño del archivo no debe superar 1 MB",
  "Use an image (PNG, JPEG, GIF, WebP) or a video (MP4, WebM)":
    "Usa una imagen (PNG, JPEG, GIF, WebP) o un vídeo (MP4, WebM)",
  "Write a comment first": "Escribe primero un comentario",
  "Comment must be 10000 characters or less": "El comentario debe tener 10000 caracteres o menos",
  "Enter a link": "Introduce un enlace",
  "Invalid link": "Enlace no válido",
  "Name is required": "El nombre es obligatorio",
  "Name must be 25 characters or less": "El nombre debe tener 25 caracteres o menos",
  "Name cannot contain whitespace": "El nombre no puede contener espacios",
  "Name can only contain letters, numbers, _ and -": "El nombre solo puede contener letras, números, _ y -",
  "Display name must be 40 characters or less": "El nombre visible debe tener 40 caracteres o menos",
  "Display name cannot contain two spaces in a row": "El nombre visible no puede tener dos espacios seguidos",
  "Description must be 250 characters or less": "La descripción debe tener 250 caracteres o menos",
  "Use a PNG, JPEG, GIF or WebP image": "Usa una imagen PNG, JPEG, GIF o WebP",
  "Only the community's creator can change its banner":
    "Solo quien creó la comunidad puede cambiar su portada",
  "Choose a picture for the banner": "Elige una imagen para la portada",
  "Only the community's owner can change its reactions":
    "Solo quien es dueño de la comunidad puede cambiar sus reacciones",
} satisfies Dictionary;
