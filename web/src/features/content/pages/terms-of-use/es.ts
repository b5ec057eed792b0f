import type { PageText } from "#web/features/content/page-text.ts";

export default {
  title: "Condiciones de uso",
  updated: "2026-11-21",
  lead: "Estas condiciones son el acuerdo entre tú y Agora cuando usas el sitio. Léelas, por favor: al crear una cuenta o usar Agora las aceptas.",
  sections: [
    {
      heading: "1. Tu cuenta",
      paragraphs: [
        "Debes tener al menos 16 años, o la edad de consentimiento digital de tu país si es mayor, para crear una cuenta. Usa una dirección de correo real, no compartas tu contraseña y avísanos de inmediato si crees que otra persona ha usado tu cuenta. Eres responsable de lo que se haga con ella.",
        "Una persona puede tener varias cuentas solo si no las usa para engañar a otros, para votar más de una vez o para eludir un bloqueo o una suspensión.",
      ],
    },
    {
      heading: "2. Lo que publicas",
      paragraphs: [
        "Conservas los derechos sobre lo que publicas. Al publicar, concedes a Agora una licencia mundial, no exclusiva y gratuita para guardarlo, mostrarlo y compartirlo en Agora mientras permanezca en el sitio, para que el servicio funcione.",
        "Publica solo lo que tienes derecho a compartir. No puedes publicar nada ilegal, nada que vulnere los derechos de otra persona ni nada que prohíba el Código de Conducta.",
      ],
    },
    {
      heading: "3. Cómo mantenemos Agora seguro",
      paragraphs: [
        "Nuestro equipo puede retirar contenido, limitar funciones o suspender cuentas que incumplan estas condiciones o el Código de Conducta, y normalmente te dirá por qué. Cualquiera puede denunciar una publicación o a una persona; revisamos todas las denuncias. Si crees que nos equivocamos, escríbenos con Enviar comentarios.",
      ],
    },
    {
      heading: "4. Pagos, propinas y membresías",
      paragraphs: [
        "Las membresías se rigen por las Condiciones de suscripción. Las propinas y los pagos por servicios se hacen entre personas: Agora transmite el pago a través de sus proveedores, pero no es parte del acuerdo entre ustedes. Las transferencias en cripto no se pueden revertir una vez confirmadas en la cadena de bloques; comprueba el destinatario antes de enviar.",
      ],
    },
    {
      heading: "5. Lo que no debes hacer",
      list: [
        "Intentar romper, sobrecargar o eludir la seguridad del sitio, o recopilar datos de otras personas con scripts.",
        "Enviar spam, usar cuentas automatizadas sin nuestro permiso por escrito, o comprar o vender votos y seguidores.",
        "Hacerte pasar por otra persona u organización.",
        "Usar Agora para cometer fraudes o infringir la ley.",
      ],
    },
    {
      heading: "6. Dejar de usar Agora",
      paragraphs: [
        "Puedes eliminar tu cuenta en cualquier momento en Ajustes → Cuenta. Podemos cerrar cuentas que incumplan estas condiciones de forma grave o reiterada. Parte de la información puede conservarse tras la eliminación cuando la ley lo exija, como explica la Política de privacidad.",
      ],
    },
    {
      heading: "7. Responsabilidad",
      paragraphs: [
        "Trabajamos para que Agora esté disponible y funcione bien, pero lo ofrecemos tal como es y no podemos prometer que nunca se interrumpa ni que no tenga errores. En la medida en que la ley lo permita, Agora no responde de pérdidas indirectas ni de lo que otras personas publiquen o hagan.",
      ],
    },
    {
      heading: "8. Cambios",
      paragraphs: [
        "Podemos cambiar estas condiciones. Cuando un cambio sea importante, te avisaremos en el sitio o por correo antes de que entre en vigor. Si sigues usando Agora después, se aplican las nuevas condiciones.",
      ],
    },
  ],
} satisfies PageText;
