import type { Dictionary } from "#client/i18n.ts";

// The services marketplace: /services, a service's page, Manage Services and its form, and the
// messages of shared/src/schemas/services.ts (SERVICES_MSG).
export default {
  "1 service": "1 servicio",
  "{{count}} services": "{{count}} servicios",
  "Delivery in 1 day": "Entrega en 1 día",
  "Delivery in {{count}} days": "Entrega en {{count}} días",
  Active: "Activo",
  Add: "Añadir",
  "Add pictures": "Añadir imágenes",
  "At least $5.": "Al menos 5 US$.",
  "Choosing new pictures replaces these.": "Si eliges imágenes nuevas, reemplazan a estas.",
  "Delivery (days)": "Entrega (días)",
  "Describe what you do, your price and how long it takes.":
    "Describe lo que haces, tu precio y cuánto tardas.",
  "Edit service": "Editar servicio",
  "Highest price": "Precio máximo",
  "Apply the price range": "Aplicar",
  "List service": "Publicar servicio",
  "Listed {{when}}": "Publicado {{when}}",
  "Lowest price": "Precio mínimo",
  "Manage your services": "Gestiona tus servicios",
  "Listing a service turns on “I offer services” in your job settings.":
    "Al publicar un servicio se activa «Ofrezco servicios» en tus ajustes de empleo.",
  Max: "Máx.",
  Min: "Mín.",
  "More than 1,000 services": "Más de 1.000 servicios",
  "No services match your search": "Ningún servicio coincide con tu búsqueda",
  "No services yet": "Aún no hay servicios",
  "Offer a service": "Ofrecer un servicio",
  "Offer yours and be the first here.": "Ofrece el tuyo y sé el primero aquí.",
  Order: "Pedir",
  Pause: "Pausar",
  Paused: "En pausa",
  "Picture {{n}}": "Imagen {{n}}",
  "Price (USD)": "Precio (USD)",
  "Price range": "Rango de precios",
  "Remove picture {{n}}": "Quitar imagen {{n}}",
  Resume: "Reanudar",
  "Search services": "Buscar servicios",
  "This service is paused: only you can see it.": "Este servicio está en pausa: solo tú puedes verlo.",
  "Up to {{count}} pictures: PNG, JPEG, GIF or WebP, up to 1 MB each.":
    "Hasta {{count}} imágenes: PNG, JPEG, GIF o WebP, de hasta 1 MB cada una.",
  "You do not offer a service yet": "Aún no ofreces ningún servicio",
  "Your service is listed": "Tu servicio está publicado",
  "Your service is listed again": "Tu servicio vuelve a estar publicado",
  "Your service is paused": "Tu servicio está en pausa",
  "Your service was saved": "Tu servicio se guardó",

  // SERVICES_MSG
} satisfies Dictionary;
