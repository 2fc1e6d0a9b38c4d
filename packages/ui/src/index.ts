// Public surface of @agency/ui: primitives shared by the elements and the host.
export { toast, dismissToast, getToasts, resetToasts, TOAST_DURATION_MS, MAX_TOASTS } from "./toast/toast-store";
export type { Toast, ToastKind, ToastOptions } from "./toast/toast-store";
export { Toaster, mountToaster, unmountToaster } from "./toast/toaster";
export { Spinner } from "./spinner/spinner";
export { Modal, type ModalProps } from "./modal/modal";
export { CrashScreen, ErrorBoundary, pageReload } from "./crash-screen/crash-screen";
export { adoptStyles, uiCss } from "./styles";
export { uiCatalog } from "./i18n";
export {
  formCss,
  formCatalog,
  useFieldIds,
  FieldFrame,
  TextField,
  TextAreaField,
  PasswordField,
  SelectField,
  CheckboxGroup,
  RadioGroup,
  FormAlert,
  useFocusFirstError,
} from "./form";
export type {
  FieldProps,
  TextFieldProps,
  TextAreaFieldProps,
  PasswordFieldProps,
  SelectFieldProps,
  Choice,
  CheckboxGroupProps,
  RadioGroupProps,
  ChoiceOption,
  ChoiceGroupProps,
} from "./form";
