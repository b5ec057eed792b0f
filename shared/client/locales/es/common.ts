import type { Dictionary } from "#client/i18n.ts";

export default {
  Close: "Cerrar",
  "Something went wrong": "Algo salió mal",
  "There is nothing here": "No hay nada aquí",
  "Return to Home": "Volver al inicio",
  Required: "Obligatorio",
  "Must be 3 characters or more": "Debe tener 3 caracteres o más",
  "Must be 18 characters or less": "Debe tener 18 caracteres o menos",
  "Must be alphanumeric characters": "Solo letras y números",
  "Must be a valid email": "Debe ser un correo electrónico válido",
  "Must be 6 characters or more": "Debe tener 6 caracteres o más",
  "Must be 128 characters or less": "Debe tener 128 caracteres o menos",
  "Verification code is required": "El código de verificación es obligatorio",
  "Verification code must be at least 6 characters":
    "El código de verificación debe tener al menos 6 caracteres",
  "This is required field": "Este campo es obligatorio",
  Language: "Idioma",
  Loading: "Cargando",
  Cancel: "Cancelar",
  Confirm: "Confirmar",
  Save: "Guardar",
  Delete: "Eliminar",
  "Show password": "Mostrar contraseña",
  "Hide password": "Ocultar contraseña",
  // The form kit's words (form-fields.tsx) both sites show.
  "Please wait…": "Espera…",
  "Between {{min}} and {{max}} characters": "Entre {{min}} y {{max}} caracteres",
  // Shell words both sites use.
  Home: "Inicio",
  Communities: "Comunidades",
  Blog: "Blog",
  "Close menu": "Cerrar menú",
  "Open menu": "Abrir menú",
  "Skip to content": "Saltar al contenido",
  Search: "Buscar",
} satisfies Dictionary;
