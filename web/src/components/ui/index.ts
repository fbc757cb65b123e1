export { Alert, type AlertTone } from './Alert';
export { Button, ButtonLink, type ButtonProps, type ButtonVariant } from './Button';
export { Card } from './Card';
export { Dialog, type DialogProps } from './Dialog';
export { PageHeader } from './PageHeader';
export { FullHeightMessage, Spinner } from './Spinner';
export { TextField, type TextFieldProps } from './TextField';
export { PageMeta } from './PageMeta';
export { PageLoading } from './PageLoading';
