import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import type { AppInstance } from './createApp';

/** The app: its store and its router. */
export function App({ store, router }: AppInstance) {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
