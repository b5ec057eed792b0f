import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Condiciones de suscripción",
  updated: "2026-11-21",
  lead: "Estas condiciones se aplican cuando compras una membresía Usuario o Empresa en Agora, además de las Condiciones de uso.",
  sections: [
    {
      heading: "Los planes",
      list: [
        "Usuario: 10 US$ al mes. Una marca de verificación, visibilidad en la búsqueda, la posibilidad de retirar propinas, soporte prioritario y un lugar en lo alto del feed.",
        "Empresa: 100 US$ al mes. Todas las ventajas de Usuario, más un perfil profesional, filtros para empresas, boletines y nuestro nivel de soporte más alto.",
      ],
      paragraphs: [
        "Los precios están en dólares estadounidenses y pueden mostrarse en tu moneda local por comodidad; tu banco puede convertirlos y cobrar una comisión. Se añaden impuestos cuando la ley lo exige.",
      ],
    },
    {
      heading: "Pago y renovación",
      paragraphs: [
        "La membresía se paga mensualmente por adelantado con tarjeta o PayPal, a través de nuestros proveedores de pago. Se renueva automáticamente cada mes el mismo día hasta que la canceles. Si un pago falla, lo intentamos de nuevo durante unos días; si sigue fallando, la membresía termina.",
      ],
    },
    {
      heading: "Cancelación",
      paragraphs: [
        "Puedes cancelar en cualquier momento en Ajustes → Cuenta → Gestiona tu suscripción. La cancelación es inmediata: la membresía, la marca de verificación y sus ventajas terminan en el momento en que cancelas, sin período de gracia hasta el final del mes ya pagado. Después no se cobrará nada más.",
        "Como la cancelación tiene efecto en el acto, cancela solo cuando ya no necesites las ventajas.",
      ],
    },
    {
      heading: "Reembolsos",
      paragraphs: [
        "Los pagos ya realizados no se reembolsan, tampoco la parte no usada de un mes, salvo cuando la ley lo exija o te hayamos cobrado por error. Si crees que un cargo es incorrecto, escríbenos con Enviar comentarios en un plazo de 30 días.",
      ],
    },
    {
      heading: "Cambios en planes y precios",
      paragraphs: [
        "Podemos cambiar los planes o sus precios. Te avisaremos al menos 30 días antes de que un nuevo precio se aplique a tu membresía, y podrás cancelar antes.",
      ],
    },
    {
      heading: "Pérdida de la membresía",
      paragraphs: [
        "Si tu cuenta se suspende o se cierra por incumplir las Condiciones de uso o el Código de Conducta, tu membresía también termina, sin reembolso.",
      ],
    },
  ],
} satisfies PageText;
