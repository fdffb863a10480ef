import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';

/** An e-mail input with the phone keyboard and autofill hints every e-mail field wants. */
export function EmailField(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return <TextInput type="email" autoComplete="email" inputMode="email" {...props} />;
}
