import type { Dictionary } from "#client/i18n.ts";

// The services marketplace: /services, a service's page, Manage Services and its form, and the
// messages of shared/src/schemas/services.ts (SERVICES_MSG).
export default {
  "1 service": "1 serviço",
  "{{count}} services": "{{count}} serviços",
  "Delivery in 1 day": "Entrega em 1 dia",
  "Delivery in {{count}} days": "Entrega em {{count}} dias",
  Active: "Ativo",
  Add: "Adicionar",
  "Add pictures": "Adicionar imagens",
  "At least $5.": "No mínimo US$ 5.",
  "Choosing new pictures replaces these.": "Escolher novas imagens substitui estas.",
  "Delivery (days)": "Entrega (dias)",
  "Describe what you do, your price and how long it takes.":
    "Descreva o que você faz, seu preço e quanto tempo leva.",
  "Edit service": "Editar serviço",
  "Highest price": "Preço máximo",
  "Apply the price range": "Aplicar",
  "List service": "Publicar serviço",
  "Listed {{when}}": "Publicado {{when}}",
  "Lowest price": "Preço mínimo",
  "Manage your services": "Gerencie seus serviços",
  "Listing a service turns on “I offer services” in your job settings.":
    "Ao publicar um serviço, “Ofereço serviços” é ativado nas suas configurações de trabalho.",
  Max: "Máx.",
  Min: "Mín.",
  "More than 1,000 services": "Mais de 1.000 serviços",
  "No services match your search": "Nenhum serviço corresponde à sua busca",
  "No services yet": "Ainda não há serviços",
  "Offer a service": "Oferecer um serviço",
  "Offer yours and be the first here.": "Ofereça o seu e seja o primeiro aqui.",
  Order: "Contratar",
  Pause: "Pausar",
  Paused: "Pausado",
  "Picture {{n}}": "Imagem {{n}}",
  "Price (USD)": "Preço (USD)",
  "Price range": "Faixa de preço",
  "Remove picture {{n}}": "Remover imagem {{n}}",
  Resume: "Retomar",
  "Search services": "Buscar serviços",
  "This service is paused: only you can see it.": "Este serviço está pausado: só você pode vê-lo.",
  "Up to {{count}} pictures: PNG, JPEG, GIF or WebP, up to 1 MB each.":
    "Até {{count}} imagens: PNG, JPEG, GIF ou WebP, de até 1 MB cada.",
  "You do not offer a service yet": "Você ainda não oferece nenhum serviço",
  "Your service is listed": "Seu serviço está publicado",
  "Your service is listed again": "Seu serviço está publicado de novo",
  "Your service is paused": "Seu serviço está pausado",
  "Your service was saved": "Seu serviço foi salvo",

  // SERVICES_MSG
} satisfies Dictionary;
