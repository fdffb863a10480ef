import { LEGAL_VERSIONS } from '@agendo/contract';
import { LegalDocument, type LegalText } from './legal-document.tsx';

const terms: LegalText = {
  title: 'Términos y condiciones',
  updated: LEGAL_VERSIONS.terms,
  intro:
    'Estos términos regulan el uso de Agendo. Al crear una cuenta, reservar una cita o comprar un curso aceptas estas condiciones. Léelas con atención; si no estás de acuerdo, no uses la plataforma.',
  sections: [
    {
      title: 'Qué es Agendo',
      blocks: [
        'Agendo es una plataforma que conecta a profesionales (terapeutas, docentes y otros prestadores de servicios) con consultantes. Ofrece a los profesionales herramientas para publicar servicios y cursos, administrar su agenda, cobrar y llevar los registros de sus consultantes.',
        'Agendo no presta los servicios ni dicta los cursos que se publican: cada profesional es quien los ofrece, fija su precio y condiciones, y responde por ellos. Agendo actúa como intermediario tecnológico entre las partes.',
      ],
    },
    {
      title: 'Cuentas',
      blocks: [
        'Para reservar, comprar o publicar necesitas una cuenta personal. Al crearla te comprometes a:',
        [
          'dar datos verdaderos y mantenerlos actualizados;',
          'cuidar tu contraseña y no compartir tu cuenta con otras personas;',
          'avisarnos si crees que alguien accedió a tu cuenta sin tu permiso;',
          'tener la edad legal para contratar en tu país, o hacerlo con la autorización de tu representante legal.',
        ],
        'Eres responsable de lo que se haga desde tu cuenta. Podemos suspender o cerrar cuentas que incumplan estos términos o las Normas de la comunidad, avisándote el motivo salvo que la ley lo impida.',
      ],
    },
    {
      title: 'Reservas de citas',
      blocks: [
        'Cuando reservas una cita, el profesional te ofrece un horario de su agenda, una modalidad (presencial u online) y un precio. La reserva queda confirmada cuando se registra el pago o, si el profesional lo permite, cuando elige cobrarla en efectivo o por transferencia.',
        'El acuerdo por el servicio es entre tú y el profesional. Agendo registra la reserva, envía los avisos y recordatorios, y ofrece la sala online cuando la cita es virtual y el profesional no usa otra plataforma.',
      ],
    },
    {
      title: 'Pagos',
      blocks: [
        'Los pagos con tarjeta y otros medios electrónicos se procesan a través de pasarelas de pago de terceros (por ejemplo, Stripe, PayPal o dLocal), con sus propios términos. Agendo nunca recibe ni guarda los números de tu tarjeta.',
        'Los precios se muestran en la moneda del profesional y, cuando corresponde, convertidos a tu moneda a título informativo; el importe final es el que confirma la pasarela. Los pagos en efectivo o por transferencia se acuerdan directamente con el profesional.',
        'Agendo puede cobrar a los profesionales una comisión o suscripción por el uso de la plataforma, según el plan que tengan contratado.',
      ],
    },
    {
      title: 'Cancelaciones y reembolsos',
      blocks: [
        'Cada profesional define su política de cancelación y reprogramación, que se muestra antes de confirmar la reserva. En general:',
        [
          'puedes cancelar o reprogramar una cita dentro del plazo que fije el profesional;',
          'si el profesional cancela una cita pagada, tienes derecho a reprogramarla o a que se te devuelva lo pagado;',
          'los reembolsos de pagos electrónicos se hacen por el mismo medio de pago y sus plazos dependen de la pasarela y de tu banco;',
          'los reembolsos de pagos en efectivo o por transferencia los gestiona el profesional.',
        ],
        'Esto no limita los derechos que te dé la ley de defensa del consumidor de tu país, como el derecho de revocación de compras a distancia cuando corresponda.',
      ],
    },
    {
      title: 'Cursos',
      blocks: [
        'Los cursos y talleres pueden tener clases en vivo, módulos con materiales y certificados. El profesional que los dicta define su contenido, su calendario, sus requisitos de aprobación y si se pagan completos o por módulo.',
        'Los materiales de un curso son de su autor: puedes usarlos para tu aprendizaje personal, pero no copiarlos, revenderlos ni compartirlos con terceros sin su permiso.',
      ],
    },
    {
      title: 'Responsabilidades de los profesionales',
      blocks: [
        [
          'contar con la formación, las habilitaciones y las matrículas que exija su actividad en su país;',
          'describir sus servicios y cursos con honestidad, sin prometer resultados que no puede garantizar;',
          'respetar los horarios reservados y avisar con tiempo cualquier cambio;',
          'cuidar la confidencialidad de lo que sus consultantes le confían y cumplir las leyes sobre historia clínica y datos personales que le correspondan;',
          'emitir los comprobantes fiscales que exija su país por los cobros que recibe.',
        ],
      ],
    },
    {
      title: 'Responsabilidades de Agendo',
      blocks: [
        'Nos comprometemos a mantener la plataforma disponible y segura, a proteger los datos según la Política de privacidad y a atender los reclamos que nos hagas llegar.',
        'Agendo no es responsable por el contenido ni el resultado de los servicios y cursos que prestan los profesionales, ni por los acuerdos que las partes hagan fuera de la plataforma. Tampoco por interrupciones causadas por terceros (pasarelas de pago, proveedores de internet o de videollamadas) que estén fuera de nuestro control razonable.',
        'Agendo no reemplaza la atención de urgencias. Si tú o alguien está en riesgo, comunícate con los servicios de emergencia de tu país.',
      ],
    },
    {
      title: 'Datos personales y comunidad',
      blocks: [
        'El tratamiento de tus datos, incluidos los registros clínicos que llevan los profesionales, se rige por la Política de privacidad. El trato entre usuarios, las valoraciones y las denuncias se rigen por las Normas de la comunidad. Ambas forman parte de estos términos.',
      ],
    },
    {
      title: 'Cambios en estos términos',
      blocks: [
        'Podemos actualizar estos términos. Cuando el cambio sea importante te avisaremos por email o dentro de la plataforma antes de que entre en vigor; si sigues usando Agendo después de esa fecha, se entiende que lo aceptas. La fecha de la última actualización figura al comienzo de esta página.',
        'Al crear tu cuenta registramos qué versión de estos términos y de la Política de privacidad aceptaste y en qué fecha. Puedes verlo, y aceptar una versión nueva, en Configuración › Tus datos y tu cuenta.',
      ],
    },
  ],
};

/** terms (spec 000 §2.2): public. */
export function TermsPage() {
  return <LegalDocument text={terms} />;
}
