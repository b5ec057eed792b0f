import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Condiciones de Recompensas por referidos",
  updated: "2026-11-21",
  lead: "Estas condiciones rigen el programa de Recompensas por referidos, además de las Condiciones de uso.",
  sections: [
    {
      heading: "Quién puede participar",
      paragraphs: [
        "Cualquier persona con una cuenta de Agora activa y en regla puede referir a otras con el enlace personal que aparece en Ajustes → Referidos.",
      ],
    },
    {
      heading: "Un referido válido",
      list: [
        "La nueva persona se registra con tu enlace y confirma su dirección de correo.",
        "Es una persona real y distinta, que no tenía una cuenta de Agora antes.",
        "Cada persona tiene un solo referente: el enlace con el que se registró. No se puede cambiar después.",
      ],
    },
    {
      heading: "Ganar una recompensa",
      paragraphs: [
        "Ganas una recompensa cuando una persona que referiste paga su primer mes de una membresía Usuario o Empresa. La recompensa queda registrada en tu historial de pagos como recompensa por referido. Solo cuenta el primer mes pagado de cada persona referida.",
      ],
    },
    {
      heading: "Qué no está permitido",
      list: [
        "Referirte a ti mismo, por ejemplo con una segunda cuenta.",
        "Pagar la membresía de alguien para ganar la recompensa.",
        "Compartir tu enlace como spam, en comunidades ajenas en contra de sus reglas o en anuncios de pago que usen el nombre de Agora.",
      ],
      paragraphs: ["Podemos anular las recompensas obtenidas de esta forma y cerrar las cuentas implicadas."],
    },
    {
      heading: "Cambios y fin del programa",
      paragraphs: [
        "Podemos cambiar o terminar el programa. Las recompensas ganadas antes de un cambio siguen siendo tuyas.",
      ],
    },
  ],
} satisfies PageText;
