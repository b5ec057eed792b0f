import type { Dictionary } from "#client/i18n.ts";

// The post and community rules' messages (shared/src/schemas/posts.ts, communities.ts): the API
// sends them as details, which the admin site shows through the same generic handler.
export default {
  "Title is required": "O título é obrigatório",
  "Title must be 300 characters or less": "O título deve ter 300 caracteres ou menos",
  "Write something in the body": "Escreva algo no corpo",
  "Body must be 10000 characters or less": "O corpo deve ter 10000 caracteres ou menos",
  "Choose a community": "Escolha uma comunidade",
  "Add an image or a video": "Adicione uma imagem ou um vídeo",
  "File size should not exceed 1MB": "O tamanho do arquivo não deve passar de 1 MB",
  "Use an image (PNG, JPEG, GIF, WebP) or a video (MP4, WebM)":
    "Use uma imagem (PNG, JPEG, GIF, WebP) ou um vídeo (MP4, WebM)",
  "Write a comment first": "Escreva um comentário primeiro",
  "Comment must be 10000 characters or less": "O comentário deve ter 10000 caracteres ou menos",
  "Enter a link": "Digite um link",
  "Invalid link": "Link inválido",
  "Name is required": "O nome é obrigatório",
  "Name must be 25 characters or less": "O nome deve ter 25 caracteres ou menos",
  "Name cannot contain whitespace": "O nome não pode conter espaços",
  "Name can only contain letters, numbers, _ and -": "O nome só pode conter letras, números, _ e -",
  "Display name must be 40 characters or less": "O nome de exibição deve ter 40 caracteres ou menos",
  "Display name cannot contain two spaces in a row": "O nome de exibição não pode ter dois espaços seguidos",
  "Description must be 250 characters or less": "A descrição deve ter 250 caracteres ou menos",
  "Use a PNG, JPEG, GIF or WebP image": "Use uma imagem PNG, JPEG, GIF ou WebP",
  "Only the community's creator can change its banner": "Só quem criou a comunidade pode trocar a capa",
  "Choose a picture for the banner": "Escolha uma imagem para a capa",
  "Only the community's owner can change its reactions":
    "Só quem é dono da comunidade pode mudar suas reações",
} satisfies Dictionary;
