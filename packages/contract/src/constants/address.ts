import type { ErrorCatalogue } from '../action.ts';

/**
 * The address fields' codes and texts (spec 001 §2.2 and §5: country, state and city chosen in
 * sequence, street, floor, apartment, postal code). One catalogue for every form that takes an
 * address: a contact's (contacts.ts) and the professional's own (profile.ts change-user-address).
 */
export const addressErrors = {
  E20: { es: 'Debes seleccionar el país.', en: 'Choose the country.', field: 'userCountry' },
  E23: { es: 'Debes seleccionar la provincia.', en: 'Choose the state.', field: 'userState' },
  E24: { es: 'La provincia seleccionada no es válida.', en: 'The state is not valid.', field: 'userState' },
  E25: {
    es: 'La provincia seleccionada no corresponde al país.',
    en: 'The state does not belong to the country.',
    field: 'userState',
  },
  E26: { es: 'La ciudad seleccionada no es válida.', en: 'The city is not valid.', field: 'userCity' },
  E29: { es: 'Debes ingresar la dirección.', en: 'Enter the address.', field: 'userStreet' },
  E30a: {
    es: 'La dirección debe tener entre 3 y 250 caracteres.',
    en: 'The address must have 3 to 250 characters.',
    field: 'userStreet',
  },
  E31: {
    es: 'La dirección solo puede contener letras, números y los signos . , # / º -',
    en: 'The address can only contain letters, numbers and . , # / º -',
    field: 'userStreet',
  },
  E33: {
    es: 'El piso debe tener entre 1 y 3 caracteres.',
    en: 'The floor must have 1 to 3 characters.',
    field: 'userFloor',
  },
  E34: {
    es: 'El piso solo puede contener letras y números.',
    en: 'The floor can only contain letters and numbers.',
    field: 'userFloor',
  },
  E36: {
    es: 'El departamento debe tener entre 1 y 8 caracteres.',
    en: 'The apartment must have 1 to 8 characters.',
    field: 'userDepto',
  },
  E37: {
    es: 'El departamento solo puede contener letras y números.',
    en: 'The apartment can only contain letters and numbers.',
    field: 'userDepto',
  },
  E38: {
    es: 'El código postal solo puede tener hasta 10 letras y números.',
    en: 'The postal code can have up to 10 letters and numbers.',
    field: 'userPObox',
  },
} satisfies ErrorCatalogue;
