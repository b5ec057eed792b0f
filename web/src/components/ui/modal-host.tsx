import { type ComponentType, type JSXElementConstructor, lazy, Suspense } from "react";
import { createStore, useStore } from "#client/store.ts";

/** What the host gives every modal; a modal's own props come on top (`ModalProps & { … }`). */
export interface ModalProps {
  onClose: () => void;
}

/**
 * A modal whose code loads when it is first opened, or earlier through `preload` (on hover or
 * focus of the button that opens it, so the dialog appears at once on click).
 */
export function lazyModal<P extends ModalProps>(load: () => Promise<{ default: ComponentType<P> }>) {
  return Object.assign(lazy(load), { preload: () => void load().catch(() => undefined) });
}

/** A registry: each modal kind and its component (usually a lazyModal). */
type Registry = Record<string, JSXElementConstructor<never> & { preload?: () => void }>;

/** The props `openModal` takes for a component: its own, without the host's onClose. */
type OwnProps<C> = C extends JSXElementConstructor<infer P> ? Omit<P, keyof ModalProps> : never;

/** No argument for a modal without props, an optional one when every prop is optional. */
type PropsArgument<P> = [keyof P] extends [never] ? [] : object extends P ? [props?: P] : [props: P];

/**
 * The one open modal of an app and the functions that open and close it, typed by the registry `R`:
 * a kind that is not in it, or props its component does not take, fail to compile. Opening one
 * modal replaces the open one. The registry belongs to the app (it names features) and is loaded
 * by `load` with the first modal opened or preloaded, so its list stays out of the first load
 * (docs/decisions/093); this file knows none.
 */
export function createModals<R extends Registry>(load: () => Promise<R>) {
  type Kind = keyof R & string;
  const open = createStore<{ kind: Kind; props: object } | null>(null);

  let registry: Promise<R> | null = null;
  const loadRegistry = () => {
    registry ??= load().catch((error: unknown) => {
      registry = null;
      throw error;
    });
    return registry;
  };

  function openModal<K extends Kind>(
    kind: K,
    ...[props]: K extends Kind ? PropsArgument<OwnProps<R[K]>> : never
  ): void {
    open.set({ kind, props: props ?? {} });
  }

  function closeModal(): void {
    open.set(null);
  }

  function useOpenModal(): Kind | "none" {
    return useStore(open)?.kind ?? "none";
  }

  function preloadModal(kind: Kind): void {
    loadRegistry()
      .then((loaded) => loaded[kind]?.preload?.())
      .catch(() => undefined);
  }

  /** The open modal's component, once the registry is there. */
  const OpenModal = lazy(() =>
    loadRegistry().then((loaded) => ({
      default: ({ kind, props }: { kind: Kind; props: object }) => {
        // The props were checked against this kind when it was opened.
        const Component = loaded[kind] as unknown as ComponentType<ModalProps>;
        return <Component {...props} onClose={closeModal} />;
      },
    })),
  );

  /** Mounted once in the root layout. */
  function ModalHost() {
    const current = useStore(open);
    if (!current) return null;
    return (
      <Suspense fallback={null}>
        <OpenModal kind={current.kind} props={current.props} />
      </Suspense>
    );
  }

  return { openModal, closeModal, useOpenModal, preloadModal, ModalHost };
}
