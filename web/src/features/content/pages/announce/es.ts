import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Anuncia en Agora",
  lead: "Llega a quienes ya hablan de tu campo, sin interrumpirlos. Los anuncios en Agora son pocos, están claramente señalados y son relevantes para el lugar donde aparecen.",
  sections: [
    {
      heading: "Dónde aparecen los anuncios",
      list: [
        "Tarjetas destacadas: el carrusel de la barra lateral, con una imagen, un título y una línea breve. Una tarjeta puede llevar a una página de Agora o a tu propio sitio.",
        "Promocionado: un texto breve en la barra lateral, marcado como promocionado.",
        "Ofertas de empleo: publica una vacante en la sección Empleos y se mostrará a quienes buscan trabajo en su categoría.",
      ],
    },
    {
      heading: "Qué aceptamos",
      paragraphs: [
        "Productos, servicios, eventos, cursos y empleos que sean honestos sobre lo que ofrecen. No aceptamos anuncios de apuestas, armas, contenido para adultos, campañas políticas ni nada que incumpla nuestras Condiciones de uso o el Código de Conducta. Nuestro equipo revisa cada anuncio antes de publicarlo.",
      ],
    },
    {
      heading: "Cómo funciona",
      paragraphs: [
        "Escribe a ads@agora.example con lo que quieres anunciar, el público al que quieres llegar y las fechas. Te respondemos con las opciones, el precio y una vista previa. Los anuncios nunca se disfrazan de publicaciones, nunca persiguen a nadie por la web y nunca usan los mensajes privados de nadie.",
      ],
    },
    {
      heading: "Empresas verificadas",
      paragraphs: [
        "Con el plan Empresa tu compañía obtiene una marca de verificación, un perfil profesional, filtros para empresas y boletines para tus seguidores, que suele ser la forma más sencilla de que te vean las personas adecuadas.",
      ],
    },
  ],
} satisfies PageText;
