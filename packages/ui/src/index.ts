// The design system's public API. The app composes its screens only from these.
export { cn } from './lib/cn';
export { VisuallyHidden, type VisuallyHiddenProps } from './visually-hidden/VisuallyHidden';
export { Heading, type HeadingProps } from './heading/Heading';
export { PageHeader, type PageHeaderProps } from './page-header/PageHeader';
export {
  Button,
  IconButton,
  buttonVariants,
  type ButtonProps,
  type IconButtonProps,
  type ButtonVariant,
  type ButtonSize,
} from './button/Button';
export { TextField, TextArea, type TextFieldProps, type TextAreaProps } from './text-field/TextField';
export { Select, type SelectProps, type SelectOption } from './select/Select';
export { Combobox, type ComboboxProps } from './combobox/Combobox';
export { ImageField, type ImageFieldProps } from './image-field/ImageField';
export { Card, type CardProps } from './card/Card';
export { ProgressBar, type ProgressBarProps } from './progress-bar/ProgressBar';
export { Spinner, LoadingOverlay, type SpinnerProps, type LoadingOverlayProps } from './spinner/Spinner';
export { Sidebar, type SidebarItem, type SidebarProps, type SidebarLinkRenderProps } from './sidebar/Sidebar';
export { SidebarDrawer, type SidebarDrawerProps } from './sidebar/SidebarDrawer';
export { Header, type HeaderProps } from './header/Header';
export { Footer, type FooterProps } from './footer/Footer';
export { PageLayout, type PageLayoutProps } from './page-layout/PageLayout';
export { Toaster, type ToasterProps, type ToastMessage, type ToastKind } from './toast/Toaster';
export { Badge, badgeVariants, type BadgeProps } from './badge/Badge';
export { SummaryBox, type SummaryBoxProps } from './summary-box/SummaryBox';
export { EmptyState, type EmptyStateProps } from './empty-state/EmptyState';
export { ErrorState, type ErrorStateProps } from './error-state/ErrorState';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog/ConfirmDialog';
export { FormDialog, type FormDialogProps } from './form-dialog/FormDialog';
export { Pagination, pageWindow, type PaginationProps } from './pagination/Pagination';
export { DataTable, type DataTableProps, type DataTableColumn } from './data-table/DataTable';
export { SearchInput, type SearchInputProps } from './search-input/SearchInput';
export { RowActions, type RowActionsProps, type RowActionLinkProps } from './row-actions/RowActions';
export { Avatar, initials, type AvatarProps } from './avatar/Avatar';
export { ThemeSwitch, type ThemeSwitchProps, type ThemeChoice } from './theme-switch/ThemeSwitch';
export { announce } from './announcer/announce';
export { SkipLink, type SkipLinkProps } from './skip-link/SkipLink';
export { TruncatedText, type TruncatedTextProps } from './truncated-text/TruncatedText';
