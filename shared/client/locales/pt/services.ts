import type { Dictionary } from "#client/i18n.ts";

// The services' messages (SERVICES_MSG in shared/src/schemas/services.ts), for both SPAs: the
// admin site reaches them through the payments schemas (service orders).

export default {
  "Delivery takes 1 to 90 days": "A entrega leva de 1 a 90 dias",
  "Maximum 3 images allowed": "São permitidas no máximo 3 imagens",
  "Must be at least the lowest price": "Deve ser pelo menos o preço mínimo",
  "The price must be $100,000 or less": "O preço deve ser de US$ 100.000 ou menos",
  "The price must be at least $5": "O preço deve ser de pelo menos US$ 5",
  "This service does not exist": "Este serviço não existe",
  "Turn on the service provider setting to offer services":
    "Ative a configuração de prestador de serviços para oferecer serviços",
  "You can only change your own services": "Você só pode alterar seus próprios serviços",
} satisfies Dictionary;
