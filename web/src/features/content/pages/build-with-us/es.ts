import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Construye con nosotros",
  lead: "Agora lo construye un equipo pequeño y muchas personas que lo usan a diario. Hay varias formas de ayudar a darle forma, tanto si escribes código como si diriges una comunidad o una empresa.",
  sections: [
    {
      heading: "Dinos qué construir",
      paragraphs: [
        "Cada función de nuestra hoja de ruta empezó como la publicación de alguien en c/agora o un mensaje en Enviar comentarios. Describe el problema que tienes en lugar del botón que quieres: nos ayuda a encontrar una solución que sirva a todos.",
      ],
    },
    {
      heading: "Dirige una comunidad",
      paragraphs: [
        "Las comunidades son el corazón de Agora. Si conoces bien un tema y quieres un lugar tranquilo para hablar de él, crea una comunidad, escribe sus primeras publicaciones e invita a quienes conoces. Ayudamos a crecer a las comunidades activas: las destacamos en la barra lateral y en nuestro boletín.",
      ],
    },
    {
      heading: "Trabaja con nosotros",
      paragraphs: [
        "Contratamos pocas veces y con cuidado, y publicamos cada vacante primero en la sección Empleos. Buscamos ingenieros a quienes les importen las páginas rápidas y accesibles, moderadores justos y pacientes, y redactores que sepan explicar las cosas con sencillez.",
      ],
    },
    {
      heading: "Socios e integraciones",
      paragraphs: [
        "La API de Agora está documentada en /api/docs. Si quieres crear una herramienta para comunidades, traer tu servicio al mercado o conectar un método de pago, escribe a partners@agora.example con tu idea.",
      ],
    },
  ],
} satisfies PageText;
