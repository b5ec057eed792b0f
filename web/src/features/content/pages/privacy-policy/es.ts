import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Política de privacidad",
  updated: "2026-11-21",
  lead: "Recopilamos lo mínimo posible sobre ti, lo usamos solo para hacer funcionar Agora y nunca lo vendemos. Esta página explica qué guardamos, por qué y qué puedes hacer al respecto.",
  sections: [
    {
      heading: "Qué recopilamos",
      list: [
        "Datos de la cuenta: tu nombre de usuario, tu correo y un hash con sal de tu contraseña (nunca la contraseña en sí).",
        "Tu perfil: nombre visible, imágenes, puesto y habilidades, si los añades.",
        "Lo que creas: publicaciones, comentarios, votos, mensajes, denuncias y comentarios enviados.",
        "Tus ajustes, como el tema y las notificaciones que quieres recibir.",
        "Pagos: la membresía que compraste y un registro de propinas y transferencias. Los datos de la tarjeta los gestiona nuestro proveedor de pagos y nunca llegan a nuestros servidores.",
        "Datos técnicos necesarios para mantener el sitio seguro, como tu dirección IP al iniciar sesión, que se guardan poco tiempo.",
      ],
    },
    {
      heading: "Para qué los usamos",
      paragraphs: [
        "Para gestionar tu cuenta y mostrar tus publicaciones, entregar mensajes y notificaciones, procesar pagos, proteger Agora de abusos y fraudes, y responderte cuando nos escribes. Solo enviamos el boletín mientras el ajuste Boletín esté activado.",
      ],
    },
    {
      heading: "Qué pueden ver los demás",
      paragraphs: [
        "Tu nombre de usuario, nombre visible, imágenes, insignias, publicaciones, comentarios, seguidores y las personas que sigues son públicos. Tu correo solo lo ves tú. Los mensajes de chat solo los ven las personas de la conversación.",
      ],
    },
    {
      heading: "Con quién los compartimos",
      paragraphs: [
        "Con los proveedores que hacen funcionar partes del servicio para nosotros (alojamiento, envío de correo, pagos), que solo pueden usarlos para ese fin, y con las autoridades cuando la ley lo exige. Nunca con anunciantes y nunca a cambio de dinero.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "Usamos una cookie para mantener tu sesión (access_token, durante 7 días) y el almacenamiento local para recordar tu tema e idioma. No hay cookies de publicidad ni de seguimiento.",
      ],
    },
    {
      heading: "Tus opciones y derechos",
      list: [
        "Cambia tu perfil, correo, contraseña y notificaciones cuando quieras en Ajustes.",
        "Bloquea a personas para que no puedan seguirte, escribirte ni contactarte.",
        "Elimina tu cuenta en Ajustes → Cuenta; tu perfil desaparece en el acto.",
        "Pide una copia de tus datos o una corrección escribiendo a privacy@agora.example.",
      ],
    },
    {
      heading: "Cuánto tiempo los guardamos",
      paragraphs: [
        "Mientras exista tu cuenta. Cuando la eliminas, borramos tus datos personales, salvo los registros que la ley nos obliga a conservar (por ejemplo, los de pagos) y las copias de seguridad, que caducan en 30 días.",
      ],
    },
  ],
} satisfies PageText;
