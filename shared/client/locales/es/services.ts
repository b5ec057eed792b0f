import type { Dictionary } from "#client/i18n.ts";

// The services' messages (SERVICES_MSG in shared/src/schemas/services.ts), for both SPAs: the
// admin site reaches them through the payments schemas (service orders).

export default {
  "Delivery takes 1 to 90 days": "La entrega lleva de 1 a 90 días",
  "Maximum 3 images allowed": "Se permiten 3 imágenes como máximo",
  "Must be at least the lowest price": "Debe ser al menos el precio mínimo",
  "The price must be $100,000 or less": "El precio debe ser de 100.000 US$ o menos",
  "The price must be at least $5": "El precio debe ser de al menos 5 US$",
  "This service does not exist": "Este servicio no existe",
  "Turn on the service provider setting to offer services":
    "Activa el ajuste de proveedor de servicios para ofrecer servicios",
  "You can only change your own services": "Solo puedes cambiar tus propios servicios",
} satisfies Dictionary;
