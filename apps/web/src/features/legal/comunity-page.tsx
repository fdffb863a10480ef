import { LegalDocument, type LegalText } from './legal-document.tsx';

const comunity: LegalText = {
  title: 'Normas de la comunidad',
  updated: '2026-11-25',
  intro:
    'Agendo es un espacio donde las personas buscan ayuda y aprenden, muchas veces en momentos delicados. Estas normas valen para profesionales y consultantes por igual, y forman parte de los Términos y condiciones.',
  sections: [
    {
      title: 'Trato respetuoso',
      blocks: [
        [
          'Trata a los demás con respeto en las citas, las clases, los chats, las preguntas y las valoraciones.',
          'No se permiten insultos, amenazas, acoso, ni discriminación por origen, género, orientación sexual, religión, discapacidad, edad o cualquier otra condición.',
          'No se permite contenido sexual no solicitado ni ningún trato que aproveche la vulnerabilidad de un consultante.',
          'Respeta la privacidad de los demás: no compartas fuera de Agendo datos, imágenes o conversaciones de otras personas sin su permiso, ni grabes una sesión sin el acuerdo de todos los participantes.',
        ],
      ],
    },
    {
      title: 'Servicios y cursos honestos',
      blocks: [
        [
          'Publica solo servicios y cursos que realmente puedes prestar, con la formación y las habilitaciones que tu país exija para ellos.',
          'Describe con claridad qué incluye cada servicio, cuánto dura, cuánto cuesta y cuál es tu política de cancelación.',
          'No prometas curas ni resultados garantizados, ni recomiendes abandonar un tratamiento médico.',
          'No uses títulos, certificados ni fotos que no te pertenezcan, ni te hagas pasar por otra persona.',
          'Cobra los servicios por los medios que ofrece la plataforma o que hayas acordado en ella; no pidas pagos por fuera para evitar sus reglas de cancelación y reembolso.',
        ],
      ],
    },
    {
      title: 'Valoraciones',
      blocks: [
        'Después de una cita, profesionales y consultantes pueden valorarse. Las valoraciones ayudan a otros a elegir, por eso deben ser reales:',
        [
          'valora solo experiencias que tuviste, de forma honesta y respetuosa;',
          'no ofrezcas ni aceptes descuentos, pagos o favores a cambio de una valoración;',
          'no publiques datos de salud ni datos privados de nadie en una valoración;',
          'si no estás de acuerdo con una valoración, puedes responderla con respeto o reportarla si incumple estas normas; no presiones a quien la escribió.',
        ],
      ],
    },
    {
      title: 'Cómo reportar un problema',
      blocks: [
        'Si alguien incumple estas normas, usa la opción de reclamo de la cita o escríbenos desde el soporte de Agendo, contando qué pasó y, si puedes, con capturas o el enlace de la publicación. Revisamos cada reporte de forma confidencial y no le decimos a la otra persona quién la reportó.',
        'Si estás en peligro o alguien corre riesgo, comunícate primero con los servicios de emergencia de tu país.',
      ],
    },
    {
      title: 'Qué hacemos ante un incumplimiento',
      blocks: [
        'Según la gravedad y si se repite, podemos pedir que se corrija una publicación, ocultar contenido o valoraciones, suspender una cuenta o cerrarla de forma definitiva. Cuando lo hagamos te explicaremos el motivo y podrás pedir que revisemos la decisión.',
      ],
    },
  ],
};

/** comunity (spec 000 §2.2, spelled as in the spec): public. */
export function ComunityPage() {
  return <LegalDocument text={comunity} />;
}
