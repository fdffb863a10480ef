import { LEGAL_VERSIONS } from '@agendo/contract';
import { LegalDocument, type LegalText } from './legal-document.tsx';

const privacy: LegalText = {
  title: 'Política de privacidad',
  updated: LEGAL_VERSIONS.privacy,
  intro:
    'En Agendo se guardan datos personales y, en muchos casos, datos de salud. Esta política explica qué datos tratamos, para qué, quién es responsable de cada uno, cómo los protegemos y cómo puedes ejercer tus derechos.',
  sections: [
    {
      title: 'Quién es responsable de tus datos',
      blocks: [
        'Agendo es responsable de los datos de las cuentas (nombre, email, teléfono, país, preferencias) y de los datos de reservas, pagos y cursos que la plataforma necesita para funcionar.',
        'Los registros clínicos y las notas que un profesional lleva sobre sus consultantes (historia clínica, antecedentes, consultas, estudios, tratamientos, consentimientos y archivos) son responsabilidad de ese profesional. Agendo los trata únicamente por cuenta y siguiendo las instrucciones del profesional, como encargado del tratamiento: los guarda, los protege y se los muestra a quien el profesional autoriza, y no los usa para ningún otro fin.',
      ],
    },
    {
      title: 'Qué datos recogemos',
      blocks: [
        [
          'Datos de la cuenta: nombre, apellido, email, teléfono, país, zona horaria, idioma, foto y, para profesionales, los datos de su perfil público, domicilio y datos bancarios para recibir transferencias.',
          'Datos de uso: reservas, cancelaciones, valoraciones, inscripciones a cursos, mensajes de la plataforma y registros técnicos (fecha, dirección IP y dispositivo) necesarios para la seguridad.',
          'Datos de pago: el resultado de cada pago, su importe y el identificador que nos da la pasarela.',
          'Datos clínicos: los que el profesional registra sobre sus consultantes, y los archivos que cualquiera de los dos sube a esos registros.',
        ],
      ],
    },
    {
      title: 'Para qué los usamos',
      blocks: [
        [
          'prestar el servicio: crear tu cuenta, gestionar reservas, cursos, pagos, avisos y recordatorios;',
          'permitir que el profesional lleve los registros de sus consultantes;',
          'mantener la plataforma segura, prevenir fraudes y cumplir obligaciones legales y fiscales;',
          'mejorar Agendo con estadísticas agregadas que no identifican a nadie.',
        ],
        'No vendemos tus datos ni los usamos para publicidad de terceros. Nunca usamos datos clínicos para estadísticas, publicidad ni ningún fin distinto de la atención que te brinda tu profesional.',
      ],
    },
    {
      title: 'Datos de salud: datos sensibles',
      blocks: [
        'Los datos de salud son datos sensibles según la Ley 25.326 de Protección de los Datos Personales de Argentina, y reciben una protección especial en las leyes equivalentes de los demás países donde funciona Agendo (entre otras, la Ley 18.331 de Uruguay, la Ley 19.628 de Chile, la Ley 1581 de 2012 de Colombia, la Ley 29733 de Perú, la Ley Federal de Protección de Datos Personales en Posesión de los Particulares de México y la Ley 13.709 (LGPD) de Brasil). Por eso:',
        [
          'solo los ve el profesional que te atiende y las personas que él autoriza; ni otros profesionales ni el personal de Agendo acceden a ellos para fines propios;',
          'cada acceso a un registro clínico queda auditado: se registra quién lo abrió y cuándo;',
          'viajan cifrados entre tu dispositivo y nuestros servidores, y los archivos solo se entregan a quien tiene permiso para verlos;',
          'el profesional debe contar con tu consentimiento y cumplir el secreto profesional y las normas sobre historia clínica de su país (en Argentina, la Ley 26.529 de Derechos del Paciente).',
        ],
      ],
    },
    {
      title: 'Con quién los compartimos',
      blocks: [
        [
          'Con el profesional con quien reservas o en cuyo curso te inscribes: los datos que necesita para atenderte.',
          'Con las pasarelas de pago, que procesan los pagos con tarjeta. Los números de tarjeta los ingresas en la pasarela y Agendo nunca los recibe ni los guarda.',
          'Con proveedores que nos prestan servicios (alojamiento, envío de emails y mensajes, videollamadas), bajo contratos que les exigen confidencialidad y seguridad.',
          'Con autoridades, solo cuando una ley o una orden judicial lo exija.',
        ],
        'Algunos de estos proveedores pueden estar en otros países. En ese caso exigimos que ofrezcan un nivel de protección adecuado, como piden las leyes de protección de datos.',
      ],
    },
    {
      title: 'Cuánto tiempo los guardamos',
      blocks: [
        'Guardamos los datos de tu cuenta mientras esté activa. Si la eliminas, borramos o anonimizamos tus datos, salvo los que debamos conservar por obligaciones legales o fiscales (por ejemplo, los registros de pagos) y solo durante el plazo que esas obligaciones fijen.',
        'Los registros clínicos los conserva el profesional durante el plazo que le exija la ley de su país. En Argentina, la Ley 26.529 de Derechos del Paciente (art. 18) obliga a conservar la historia clínica al menos diez años desde la última atención: aunque el profesional o el consultante eliminen su cuenta, esos registros se guardan durante ese plazo, sin usarse para otro fin, y solo se entregan a quien la ley autoriza.',
      ],
    },
    {
      title: 'Tus derechos',
      blocks: [
        'Tienes derecho a acceder a tus datos, a pedir que se corrijan si son inexactos, a que se eliminen cuando ya no sean necesarios y a oponerte a usos que no sean indispensables para el servicio. Puedes:',
        [
          'ver y corregir los datos de tu cuenta en Mi cuenta;',
          'descargar una copia de tus datos o eliminar tu cuenta tú mismo, en Configuración › Tus datos y tu cuenta; si prefieres pedirlo al soporte de Agendo, te responderemos dentro de los plazos que fija la ley (en Argentina, diez días corridos para el acceso y cinco días hábiles para la rectificación o supresión, arts. 14 y 16 de la Ley 25.326);',
          'pedir el acceso o la corrección de tus registros clínicos al profesional que te atiende, que es su responsable; como paciente tienes derecho a recibir una copia de tu historia clínica (Ley 26.529, art. 14), y Agendo lo ayudará a responderte.',
        ],
        'En Argentina, la Agencia de Acceso a la Información Pública es el órgano de control de la Ley 25.326 y atiende las denuncias por incumplimientos de la normativa de datos personales. En otros países puedes acudir a la autoridad de protección de datos que corresponda.',
      ],
    },
    {
      title: 'Cookies y almacenamiento local',
      blocks: [
        'Agendo no usa cookies de publicidad ni de rastreo de terceros. Guardamos en tu navegador (almacenamiento local) solo lo necesario para que la aplicación funcione: tu sesión, tus preferencias y una copia de la aplicación para que cargue rápido y funcione con mala conexión. Si cierras sesión, se borra tu sesión; puedes borrar el resto desde la configuración de tu navegador.',
      ],
    },
    {
      title: 'Cambios en esta política',
      blocks: [
        'Si cambiamos esta política de una forma que afecte tus derechos, te avisaremos por email o dentro de la plataforma antes de que el cambio entre en vigor. La fecha de la última actualización figura al comienzo de esta página.',
      ],
    },
  ],
};

/** privacy (spec 000 §2.2): public. */
export function PrivacyPage() {
  return <LegalDocument text={privacy} />;
}
