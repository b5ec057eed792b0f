import type { Dictionary } from "#client/i18n.ts";

export default {
  Close: "Fechar",
  "Something went wrong": "Algo deu errado",
  "There is nothing here": "Não há nada aqui",
  "Return to Home": "Voltar ao início",
  Required: "Obrigatório",
  "Must be 3 characters or more": "Deve ter 3 caracteres ou mais",
  "Must be 18 characters or less": "Deve ter 18 caracteres ou menos",
  "Must be alphanumeric characters": "Apenas letras e números",
  "Must be a valid email": "Deve ser um e-mail válido",
  "Must be 6 characters or more": "Deve ter 6 caracteres ou mais",
  "Must be 128 characters or less": "Deve ter 128 caracteres ou menos",
  "Verification code is required": "O código de verificação é obrigatório",
  "Verification code must be at least 6 characters":
    "O código de verificação deve ter pelo menos 6 caracteres",
  "This is required field": "Este campo é obrigatório",
  Language: "Idioma",
  Loading: "Carregando",
  Cancel: "Cancelar",
  Confirm: "Confirmar",
  Save: "Salvar",
  Delete: "Excluir",
  "Show password": "Mostrar senha",
  "Hide password": "Ocultar senha",
  // The form kit's words (form-fields.tsx) both sites show.
  "Please wait…": "Aguarde…",
  "Between {{min}} and {{max}} characters": "Entre {{min}} e {{max}} caracteres",
  // Shell words both sites use.
  Home: "Início",
  Communities: "Comunidades",
  Blog: "Blog",
  "Close menu": "Fechar menu",
  "Open menu": "Abrir menu",
  "Skip to content": "Pular para o conteúdo",
  Search: "Pesquisar",
} satisfies Dictionary;
