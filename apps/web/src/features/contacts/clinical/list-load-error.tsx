import { Alert, Button } from '@mantine/core';
import { useTexts } from '../../../i18n/use-texts.ts';
import { clinicalTexts } from './clinical-texts.ts';

/** A list of the clinical history (an area's entries, the audit trail) that failed to load. */
export function ListLoadError({ retry }: { retry: () => unknown }) {
  const tx = useTexts(clinicalTexts);
  return (
    <Alert color="red" title={tx('loadError')}>
      <Button variant="light" color="red" size="xs" onClick={() => retry()}>
        {tx('retry')}
      </Button>
    </Alert>
  );
}
