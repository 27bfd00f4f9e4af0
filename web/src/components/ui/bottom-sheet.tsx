import type { ComponentType, ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import { loadDialogRadix, loadedDialogRadix } from './dialog-loader';

export interface BottomSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons pinned to the sheet's bottom edge. */
  footer?: ReactNode;
  children: ReactNode;
}

type SheetImplementation = ComponentType<BottomSheetProps>;
const LazyRadixBottomSheet = lazy(() =>
  loadDialogRadix().then((m) => ({ default: m.RadixBottomSheet })),
);
/** The loaded sheet when the chunk is there (rendered at once), else the lazy one. */
const pickSheet = (): SheetImplementation =>
  loadedDialogRadix()?.RadixBottomSheet ?? LazyRadixBottomSheet;

/**
 * A modal panel that slides up from the bottom on phones and sits centred, wider, on a desktop.
 * Focus, Escape, the outside click and the hidden background come from Radix's Dialog primitive
 * (`dialog-radix.tsx`, loaded on the first opening or once the page is idle; a sheet that has
 * never been open renders nothing and loads nothing).
 */
export function BottomSheet(props: BottomSheetProps) {
  // Chosen at the first opening and kept: switching from the lazy one would remount it, and a
  // sheet stays rendered once opened, so Radix sees it close as before.
  const [Sheet, setSheet] = useState<SheetImplementation | null>(() =>
    props.open ? pickSheet() : null,
  );
  if (props.open && !Sheet) setSheet(() => pickSheet());
  if (!Sheet) return null;
  return (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  );
}
