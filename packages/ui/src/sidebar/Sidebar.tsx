import { useId, useState, type ReactNode } from 'react';
import { ChevronDown, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { cn } from '../lib/cn';

export interface SidebarItem {
  label: string;
  href?: string;
  icon?: ReactNode;
  children?: SidebarItem[];
}

/** What `renderLink` receives: render an anchor (e.g. a router Link) with these, and `aria-current="page"` when active. */
export interface SidebarLinkRenderProps {
  href: string;
  label: string;
  icon?: ReactNode;
  active: boolean;
  collapsed: boolean;
  className: string;
  children: ReactNode;
}

export interface SidebarProps {
  items: SidebarItem[];
  activePath: string;
  collapsed: boolean;
  onToggle: () => void;
  renderLink: (item: SidebarLinkRenderProps) => ReactNode;
  /** Shown at the top when open (e.g. the logo). */
  brand?: ReactNode;
  /** The navigation landmark's name; default 'Main'. */
  label?: string;
  /** In a drawer: the top button closes the drawer ('Close navigation') instead of collapsing the sidebar. */
  onClose?: () => void;
  /** Below the items (e.g. in the phone's drawer, the theme switch the header has no room for). */
  footer?: ReactNode;
}

function isActive(item: SidebarItem, activePath: string): boolean {
  if (item.href && (activePath === item.href || activePath.startsWith(`${item.href}/`))) return true;
  return (item.children ?? []).some((child) => isActive(child, activePath));
}

const rowClass = (active: boolean, depth: number, collapsed: boolean) =>
  cn(
    'flex w-full items-center gap-3 rounded px-3 py-2 text-left pointer-coarse:min-h-11 text-sm font-medium text-sidebar-text no-underline',
    'transition-colors hover:bg-sidebar-hover focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white',
    active && 'bg-sidebar-active text-white hover:bg-sidebar-active',
    depth > 0 && !collapsed && 'pl-11',
    collapsed && 'justify-center px-0',
  );

function ItemLabel({ icon, label, collapsed }: { icon?: ReactNode; label: string; collapsed: boolean }) {
  return (
    <>
      {icon ? (
        <span aria-hidden="true" className="inline-flex size-5 shrink-0 items-center justify-center [&_svg]:size-5">
          {icon}
        </span>
      ) : collapsed ? (
        // Without an icon a collapsed item still shows something: its initial.
        <span aria-hidden="true" className="inline-flex size-5 shrink-0 items-center justify-center">
          {label.charAt(0)}
        </span>
      ) : null}
      <span className={cn('min-w-0 flex-1 truncate', collapsed && 'sr-only')}>{label}</span>
    </>
  );
}

function SidebarNode({
  item,
  depth,
  activePath,
  collapsed,
  onToggle,
  renderLink,
}: {
  item: SidebarItem;
  depth: number;
  activePath: string;
  collapsed: boolean;
  onToggle: () => void;
  renderLink: SidebarProps['renderLink'];
}) {
  const active = isActive(item, activePath);
  const [open, setOpen] = useState(active);
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    // Navigating into a group opens it (state adjusted during render, no effect needed).
    setWasActive(active);
    if (active) setOpen(true);
  }
  const groupId = useId();

  if (item.children && item.children.length > 0) {
    const expanded = open && !collapsed;
    return (
      <li>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={groupId}
          title={collapsed ? item.label : undefined}
          className={rowClass(collapsed && active, depth, collapsed)}
          onClick={() => {
            if (collapsed) {
              // A group cannot show its children in 60px: open the sidebar and the group.
              setOpen(true);
              onToggle();
            } else {
              setOpen((value) => !value);
            }
          }}
        >
          <ItemLabel icon={item.icon} label={item.label} collapsed={collapsed} />
          {collapsed ? null : (
            <ChevronDown
              aria-hidden="true"
              className={cn('size-4 shrink-0 transition-transform', expanded && 'rotate-180')}
            />
          )}
        </button>
        <ul id={groupId} hidden={!expanded} className="mt-1 flex flex-col gap-1">
          {item.children.map((child) => (
            <SidebarNode
              key={child.href ?? child.label}
              item={child}
              depth={depth + 1}
              activePath={activePath}
              collapsed={collapsed}
              onToggle={onToggle}
              renderLink={renderLink}
            />
          ))}
        </ul>
      </li>
    );
  }

  const exact = item.href !== undefined && (activePath === item.href || activePath.startsWith(`${item.href}/`));
  return (
    <li>
      {renderLink({
        href: item.href ?? '#',
        label: item.label,
        icon: item.icon,
        active: exact,
        collapsed,
        className: rowClass(exact, depth, collapsed),
        children: <ItemLabel icon={item.icon} label={item.label} collapsed={collapsed} />,
      })}
    </li>
  );
}

/**
 * The collapsible navigation: 230px open, 60px collapsed. Groups are disclosure buttons (open when a child is
 * active); the active link is highlighted and gets `active` so the app sets aria-current="page".
 */
export function Sidebar({
  items,
  activePath,
  collapsed,
  onToggle,
  renderLink,
  brand,
  label = 'Main',
  onClose,
  footer,
}: SidebarProps) {
  const listId = useId();
  const toggleLabel = onClose ? 'Close navigation' : collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <nav
      aria-label={label}
      data-collapsed={collapsed || undefined}
      className={cn(
        'flex h-full shrink-0 flex-col overflow-x-hidden overflow-y-auto bg-sidebar text-sidebar-text transition-[width] duration-200',
        collapsed ? 'w-sidebar-collapsed' : 'w-sidebar',
      )}
    >
      <div className={cn('flex h-header shrink-0 items-center gap-2 px-3', collapsed ? 'justify-center' : 'justify-between')}>
        {collapsed ? null : <div className="min-w-0 truncate text-lg font-semibold text-white">{brand}</div>}
        <button
          type="button"
          aria-expanded={onClose ? undefined : !collapsed}
          aria-controls={onClose ? undefined : listId}
          aria-label={toggleLabel}
          title={toggleLabel}
          onClick={onClose ?? onToggle}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded text-sidebar-text hover:bg-sidebar-hover focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white pointer-coarse:size-11"
        >
          {onClose ? (
            <X aria-hidden="true" className="size-5" />
          ) : collapsed ? (
            <PanelLeftOpen aria-hidden="true" className="size-5" />
          ) : (
            <PanelLeftClose aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
      <ul id={listId} className={cn('flex flex-col gap-1 pb-4', collapsed ? 'px-2' : 'px-3')}>
        {items.map((item) => (
          <SidebarNode
            key={item.href ?? item.label}
            item={item}
            depth={0}
            activePath={activePath}
            collapsed={collapsed}
            onToggle={onToggle}
            renderLink={renderLink}
          />
        ))}
      </ul>
      {footer ? <div className="mt-auto border-t border-white/10 px-3 py-4">{footer}</div> : null}
    </nav>
  );
}
