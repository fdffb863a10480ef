import { defineTexts } from '../../i18n/use-texts.ts';

export const resultTexts = defineTexts(
  {
    myCourses: 'Ver mis cursos',
    goToCourse: 'Ir al curso',
    'course.manual-success.title': 'Tu inscripción está registrada',
    'course.manual-success.text':
      'El profesional definirá el valor del módulo y te contactará. Podrás acceder cuando quede abonado.',
    'course.free-success.title': '¡Ya tienes acceso al módulo!',
    'course.free-success.text': 'Este módulo no tiene costo. Puedes empezar ahora.',
    'course.free-success-course.title': '¡Ya tienes acceso al módulo!',
    'course.free-success-course.text': 'Este módulo es gratis. Puedes empezar ahora mismo.',
    'course.transfer-success-course-module.title': 'Tu inscripción está registrada',
    'course.transfer-success-course-module.text':
      'Cuando hagas la transferencia, el profesional marcará el módulo como abonado y podrás acceder a sus clases.',
    'course.card-success-course.title': '¡Pago aprobado! Ya tienes acceso al módulo',
    'course.card-success-course.text': 'Puedes empezar ahora. Tu progreso se guarda clase por clase.',
    'course.card-refound.title': 'Reintegramos tu pago',
    'course.card-refound.text':
      'El pago del módulo fue devuelto a tu tarjeta y el módulo volvió a quedar bloqueado.',
    myBookings: 'Ver mis citas',
    search: 'Buscar más servicios',
    'pay-success.title': '¡Pago aprobado! Tu cita está reservada',
    'pay-success.text': 'Te enviamos un email con los detalles y el evento para tu calendario.',
    'cash-success.title': 'Tu cita está reservada',
    'cash-success.text': 'Pagarás en efectivo el día de la cita. Te enviamos un email con los detalles.',
    'manual-success.title': 'Tu cita está reservada',
    'manual-success.text':
      'El profesional definirá el valor de la cita. Te avisaremos por email para que lo confirmes dentro de las 24 horas.',
    'free-success.title': 'Tu cita está reservada',
    'free-success.text': 'Esta cita no tiene costo. Te enviamos un email con los detalles.',
    'success.title': 'Tu cita está reservada',
    'success.text':
      'Cuando hagas la transferencia, el profesional marcará la cita como abonada. Te enviamos un email con los detalles.',
    'refound.title': 'Reintegramos tu pago',
    'refound.text':
      'El horario se ocupó mientras pagabas, así que devolvimos el importe a tu tarjeta. Elige otro horario cuando quieras.',
    'booking-not-found.title': 'No encontramos la cita',
    'booking-not-found.text':
      'Puede que el plazo para confirmar el valor haya vencido o que la cita ya no exista.',
    'confirm-price.title': 'Importe Confirmado',
    'confirm-price.text': 'Confirmaste el valor de la cita. Puedes pagarla desde Mis citas.',
    'decline-price.title': 'Rechazaste el valor de la cita',
    'decline-price.text': 'La cita fue cancelada y el horario quedó libre.',
  },
  {
    myCourses: 'See my courses',
    goToCourse: 'Go to the course',
    'course.manual-success.title': 'Your enrolment is registered',
    'course.manual-success.text': 'The professional will set the price of the module and contact you.',
    'course.free-success.title': 'You have access to the module!',
    'course.free-success.text': 'This module is free. You can start now.',
    'course.free-success-course.title': 'You have access to the module!',
    'course.free-success-course.text': 'This module is free. You can start right now.',
    'course.transfer-success-course-module.title': 'Your enrolment is registered',
    'course.transfer-success-course-module.text':
      'Once you make the transfer, the professional will mark the module as paid and you can open its lessons.',
    'course.card-success-course.title': 'Payment approved! You have access to the module',
    'course.card-success-course.text': 'You can start now. Your progress is saved lesson by lesson.',
    'course.card-refound.title': 'We refunded your payment',
    'course.card-refound.text':
      'The payment of the module went back to your card and the module is locked again.',
    myBookings: 'See my appointments',
    search: 'Find more services',
    'pay-success.title': 'Payment approved! Your appointment is booked',
    'pay-success.text': 'We emailed you the details and a calendar event.',
    'cash-success.title': 'Your appointment is booked',
    'cash-success.text': 'You will pay cash on the day. We emailed you the details.',
    'manual-success.title': 'Your appointment is booked',
    'manual-success.text':
      'The professional will set the price. We will email you to confirm it within 24 hours.',
    'free-success.title': 'Your appointment is booked',
    'free-success.text': 'This appointment is free. We emailed you the details.',
    'success.title': 'Your appointment is booked',
    'success.text': 'Once you transfer, the professional will mark it paid. We emailed you the details.',
    'refound.title': 'We refunded your payment',
    'refound.text':
      'The time was taken while you paid, so we refunded your card. Choose another time whenever you like.',
    'booking-not-found.title': 'Appointment not found',
    'booking-not-found.text':
      'The time to confirm the price may have run out, or the appointment no longer exists.',
    'confirm-price.title': 'Amount confirmed',
    'confirm-price.text': 'You confirmed the price. You can pay it from My appointments.',
    'decline-price.title': 'You declined the price',
    'decline-price.text': 'The appointment was cancelled and the time is free again.',
  },
);
