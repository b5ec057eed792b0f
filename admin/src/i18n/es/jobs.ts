import type { Dictionary } from "#client/i18n.ts";

// The admin Jobs screen, and the jobs API's messages it may show.
export default {
  All: "Todas",
  Edit: "Editar",
  "Edit job": "Editar empleo",
  "Expires {{date}}": "Vence el {{date}}",
  "File size {{size}} MB exceeds limit of {{limit}} MB.":
    "El archivo pesa {{size}} MB y supera el límite de {{limit}} MB.",
  "How to apply": "Cómo postularse",
  "It was posted": "Se publicó",
  "Job description": "Descripción del empleo",
  "Job location": "Ubicación del empleo",
  "Job title": "Puesto",
  "Move to": "Mover a",
  "Must be 0 or more": "Debe ser 0 o más",
  "Must be 10000000 or less": "Debe ser 10000000 o menos",
  "Must be 160 characters or less": "Debe tener 160 caracteres o menos",
  "Must be 5000 characters or less": "Debe tener 5000 caracteres o menos",
  "Must be 80 characters or less": "Debe tener 80 caracteres o menos",
  "Must be a whole number": "Debe ser un número entero",
  "Must be at least the minimum salary": "Debe ser al menos el salario mínimo",
  "No jobs here.": "No hay empleos aquí.",
  "Once you submit this job post, it can be edited by admins only. Are you sure you want to post this?":
    "Una vez que envíes este empleo, solo los administradores podrán editarlo. ¿Seguro que quieres publicarlo?",
  "Posted {{date}}": "Publicado el {{date}}",
  "The file is empty": "El archivo está vacío",
  "The job is now {{status}}": "El empleo ahora está en {{status}}",
  "The job was saved": "El empleo se guardó",
  "The résumé must be a PDF file": "El currículum debe ser un archivo PDF",
  "This company belongs to someone else. Use the name of your own company.":
    "Esta empresa pertenece a otra persona. Usa el nombre de tu propia empresa.",
  "This job does not exist": "Este empleo no existe",
  "Upload a logo file for your company": "Sube un archivo con el logo de tu empresa",
  "Upload your résumé as a PDF file": "Sube tu currículum como archivo PDF",
  "Use a valid URL or email": "Usa una URL o un correo válido",
  "Use a valid URL. Ex: https://www.example.com": "Usa una URL válida. Ej.: https://www.example.com",
  "You can only delete your own jobs": "Solo puedes eliminar tus propios empleos",
} satisfies Dictionary;
