import { Alert, Button, Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { planStatusTexts } from './plan-billing-texts.ts';

/** plan-status/{ref}/{ref2?} (spec 002 §2): success, or rejected with the provider's message in ref2. */
export function PlanStatusPage() {
  const tx = useTexts(planStatusTexts);
  useDocumentTitle(`${tx('title')} · Agendo`);
  const { ref, ref2 } = useParams();
  const { to } = usePrefix();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['find-my-plan'] });
  }, [queryClient]);
  const rejected = ref === 'rejected';
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {tx('title')}
        </Title>
        {rejected ? (
          <Alert color="red" role="alert" title={tx('rejected')}>
            {ref2 ?? ''}
          </Alert>
        ) : (
          <Alert color="teal" role="status">
            {ref2 === 'pago' ? tx('paid') : tx('success')}
          </Alert>
        )}
        <Button component={Link} to={to('my-plan')} mih={44} w={{ base: '100%', sm: 'auto' }}>
          {rejected ? tx('retry') : tx('back')}
        </Button>
      </Stack>
    </Container>
  );
}
