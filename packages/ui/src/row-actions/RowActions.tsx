import { type ReactNode } from 'react';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import { cn } from '../lib/cn';
import { VisuallyHidden } from '../visually-hidden/VisuallyHidden';

/** What `renderLink` receives: render an anchor (e.g. a router Link) with this href, class and children. */
export interface RowActionLinkProps {
  href: string;
  /** The accessible name, already inside `children` as visually hidden text. */
  label: string;
  className: string;
  children: ReactNode;
}

export interface RowActionsProps {
  /** The row's name, used in the screen-reader labels ('View Dell XPS 13'). */
  itemLabel: string;
  viewHref?: string;
  editHref?: string;
  onView?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Renders the view and edit links; default a plain `<a>`. */
  renderLink?: (link: RowActionLinkProps) => ReactNode;
  className?: string;
}

const actionClass = (tone: 'view' | 'edit' | 'delete') =>
  cn(
    'inline-flex size-8 items-center justify-center rounded transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 pointer-coarse:size-11',
    tone === 'view' && 'text-brand-700 hover:bg-brand-50',
    tone === 'edit' && 'text-success hover:bg-success-soft',
    tone === 'delete' && 'text-danger hover:bg-danger-soft',
  );

const defaultRenderLink = ({ href, className, children }: RowActionLinkProps) => (
  <a href={href} className={className}>
    {children}
  </a>
);

function ActionContent({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <>
      <span aria-hidden="true" className="inline-flex [&_svg]:size-[18px]">
        {icon}
      </span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}

/** The view, edit and delete icons of a table row, each named for screen readers. */
export function RowActions({
  itemLabel,
  viewHref,
  editHref,
  onView,
  onEdit,
  onDelete,
  renderLink = defaultRenderLink,
  className,
}: RowActionsProps) {
  const actions: Array<{ key: string; tone: 'view' | 'edit' | 'delete'; label: string; icon: ReactNode; href?: string; onClick?: () => void }> = [];
  if (viewHref || onView) actions.push({ key: 'view', tone: 'view', label: `View ${itemLabel}`, icon: <Eye />, href: viewHref, onClick: onView });
  if (editHref || onEdit) actions.push({ key: 'edit', tone: 'edit', label: `Edit ${itemLabel}`, icon: <Pencil />, href: editHref, onClick: onEdit });
  if (onDelete) actions.push({ key: 'delete', tone: 'delete', label: `Delete ${itemLabel}`, icon: <Trash2 />, onClick: onDelete });

  return (
    <div className={cn('flex items-center gap-1', className)}>
      {actions.map((action) =>
        action.href ? (
          <span key={action.key} className="inline-flex" title={action.label}>
            {renderLink({
              href: action.href,
              label: action.label,
              className: actionClass(action.tone),
              children: <ActionContent icon={action.icon} label={action.label} />,
            })}
          </span>
        ) : (
          <button key={action.key} type="button" title={action.label} className={actionClass(action.tone)} onClick={action.onClick}>
            <ActionContent icon={action.icon} label={action.label} />
          </button>
        ),
      )}
    </div>
  );
}
