import { Button, Center, Text } from '@mantine/core';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The footer of a cursor-paged list: "Load more" while there is more, else how many are shown. */
export function LoadMore({ query, count, noun }: { query: PagedQuery; count: number; noun: [singular: string, plural: string] }) {
  return (
    <div aria-live="polite">
      {query.hasNextPage ? (
        <Center>
          <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            Load more
          </Button>
        </Center>
      ) : (
        <Text size="sm" c="dimmed" ta="center">
          {count === 1 ? `Showing the only ${noun[0]}.` : `Showing all ${count} ${noun[1]}.`}
        </Text>
      )}
    </div>
  );
}
