import { Alert, Button, Center, Container, Loader } from '@mantine/core';
import { Link } from 'react-router';

/** A course or lesson the student cannot open (gone, or not theirs), with the way back. */
export function MissingNotice({ title, to, label }: { title: string; to: string; label: string }) {
  return (
    <Container size="sm" py="xl">
      <Alert color="orange" title={title}>
        <Button component={Link} to={to} variant="light" mt="sm">
          {label}
        </Button>
      </Alert>
    </Container>
  );
}

/** A student's page (a lesson, a certificate) while its data is on the way. */
export function PageLoading() {
  return (
    <Center py="xl" role="status">
      <Loader size="sm" />
    </Center>
  );
}
