import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

interface TabItem<T extends string> {
  id: T;
  label: string;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs, only
 * the selected tab is in the Tab order, the panel is labelled by its tab.
 */
export function Tabs<T extends string>({
  label,
  items,
  value,
  onChange,
  children,
}: {
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = items.findIndex((item) => item.id === value);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % items.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -1;
    const item = items[next];
    if (!item) return;
    e.preventDefault();
    onChange(item.id);
    refs.current.get(item.id)?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className="flex gap-1 rounded-xl bg-surface-2 p-1">
        {items.map((item) => {
          const selected = item.id === value;
          return (
            <button
              key={item.id}
              ref={(el) => {
                if (el) refs.current.set(item.id, el);
                else refs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.id)}
              onKeyDown={onKeyDown}
              className={`min-h-11 flex-1 rounded-lg px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand ${
                selected ? 'bg-brand text-ink' : 'text-muted hover:text-text'
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${value}`}>
        {children}
      </div>
    </>
  );
}
