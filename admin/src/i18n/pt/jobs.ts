import type { Dictionary } from "#client/i18n.ts";

// The admin Jobs screen, and the jobs API's messages it may show.
export default {
  All: "Todas",
  Edit: "Editar",
  "Edit job": "Editar vaga",
  "Expires {{date}}": "Expira em {{date}}",
  "File size {{size}} MB exceeds limit of {{limit}} MB.":
    "O arquivo tem {{size}} MB e excede o limite de {{limit}} MB.",
  "How to apply": "Como se candidatar",
  "It was posted": "Foi publicado",
  "Job description": "Descrição da vaga",
  "Job location": "Local da vaga",
  "Job title": "Cargo",
  "Move to": "Mover para",
  "Must be 0 or more": "Deve ser 0 ou mais",
  "Must be 10000000 or less": "Deve ser 10000000 ou menos",
  "Must be 160 characters or less": "Deve ter 160 caracteres ou menos",
  "Must be 5000 characters or less": "Deve ter 5000 caracteres ou menos",
  "Must be 80 characters or less": "Deve ter 80 caracteres ou menos",
  "Must be a whole number": "Deve ser um número inteiro",
  "Must be at least the minimum salary": "Deve ser pelo menos o salário mínimo",
  "No jobs here.": "Não há vagas aqui.",
  "Once you submit this job post, it can be edited by admins only. Are you sure you want to post this?":
    "Depois de enviar esta vaga, só os administradores poderão editá-la. Tem certeza de que quer publicá-la?",
  "Posted {{date}}": "Publicada em {{date}}",
  "The file is empty": "O arquivo está vazio",
  "The job is now {{status}}": "A vaga agora está em {{status}}",
  "The job was saved": "A vaga foi salva",
  "The résumé must be a PDF file": "O currículo deve ser um arquivo PDF",
  "This company belongs to someone else. Use the name of your own company.":
    "Esta empresa pertence a outra pessoa. Use o nome da sua própria empresa.",
  "This job does not exist": "Esta vaga não existe",
  "Upload a logo file for your company": "Envie um arquivo com o logo da sua empresa",
  "Upload your résumé as a PDF file": "Envie seu currículo como arquivo PDF",
  "Use a valid URL or email": "Use uma URL ou um e-mail válido",
  "Use a valid URL. Ex: https://www.example.com": "Use uma URL válida. Ex.: https://www.example.com",
  "You can only delete your own jobs": "Você só pode excluir suas próprias vagas",
} satisfies Dictionary;
