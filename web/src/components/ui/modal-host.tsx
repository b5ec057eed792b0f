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
 * The one open modal of an app and the functions that open and close it, typed by `registry`: a
 * kind that is not in it, or props its component does not take, fail to compile. Opening one
 * modal replaces the open one. The registry belongs to the app (it names features); this file
 * knows none.
 */
export function createModals<R extends Registry>(registry: R) {
  type Kind = keyof R & string;
  const open = createStore<{ kind: Kind; props: object } | null>(null);

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
    registry[kind]?.preload?.();
  }

  /** Mounted once in the root layout. */
  function ModalHost() {
    const current = useStore(open);
    if (!current) return null;
    // The props were checked against this kind when it was opened.
    const Component = registry[current.kind] as unknown as ComponentType<ModalProps>;
    return (
      <Suspense fallback={null}>
        <Component {...current.props} onClose={closeModal} />
      </Suspense>
    );
  }

  return { openModal, closeModal, useOpenModal, preloadModal, ModalHost };
}
