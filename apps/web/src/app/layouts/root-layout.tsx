import { LabelledProgress } from '../../components/labelled-progress';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useSessionEvents } from '../session-events';

/** Above every layout: session events, scroll restoration and a thin bar while the next screen loads. */
export function RootLayout() {
  useSessionEvents();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' ? (
        <LabelledProgress
          value={100}
          animated
          size={3}
          radius={0}
          label="Loading the next page"
          style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
        />
      ) : null}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
