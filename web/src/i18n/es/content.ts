import type { Dictionary } from "#client/i18n.ts";

export default {
  "/ month": "/ mes",
  "A verified mark, more reach and the tools to work and get paid here. Cancel any time.":
    "Una marca de verificación, más alcance y las herramientas para trabajar y cobrar aquí. Cancela cuando quieras.",
  "Ability to withdraw tips": "Posibilidad de retirar propinas",
  "All User benefits": "Todas las ventajas de Usuario",
  "All posts": "Todas las publicaciones",
  Announcement: "Anuncio",
  Business: "Empresa",
  "Business filters": "Filtros para empresas",
  "By subscribing you agree to the": "Al suscribirte aceptas las",
  "Cancelling ends the membership at once, with no grace period.":
    "Cancelar termina la membresía en el acto, sin período de gracia.",
  "Code of Conduct": "Código de Conducta",
  "For companies": "Para empresas",
  "Get verified on Agora": "Verifícate en Agora",
  "Get your referral link": "Obtén tu enlace de referido",
  Guide: "Guía",
  "Highest support": "El soporte más alto",
  Insights: "Análisis",
  "Last updated {{date}}": "Última actualización: {{date}}",
  "News, guides and stories from the people who build Agora.":
    "Novedades, guías e historias de quienes construyen Agora.",
  Newsletters: "Boletines",
  Policies: "Políticas",
  "Priority support": "Soporte prioritario",
  "Professional profile": "Perfil profesional",
  "Referral Rewards terms": "Condiciones de Recompensas por referidos",
  SUBSCRIBE: "SUSCRIBIRSE",
  "Search visibility": "Visibilidad en la búsqueda",
  Security: "Seguridad",
  "Staff accounts are verified already: there is nothing to buy.":
    "Las cuentas del personal ya están verificadas: no hay nada que comprar.",
  "Subscription Terms": "Condiciones de suscripción",
  "Terms of Use": "Condiciones de uso",
  "Top of feed": "Lo más alto del feed",
  User: "Usuario",
  "Verified mark": "Marca de verificación",
  "Your plan": "Tu plan",
  // The accessibility report's page
  Accessibility: "Accesibilidad",
  "Agora aims to meet WCAG 2.2 at level AA. Below is each criterion: whether Agora meets it, how that is tested, and what is known not to work yet.":
    "Agora quiere cumplir WCAG 2.2 en el nivel AA. Abajo está cada criterio: si Agora lo cumple, cómo se comprueba y lo que se sabe que aún no funciona.",
  "Found something that does not work for you?": "¿Algo no te funciona?",
  "Tell us on the Contact page": "Cuéntanoslo en la página de Contacto",
} satisfies Dictionary;
