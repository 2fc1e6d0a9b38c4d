/**
 * The form kit: the labelled fields, choice groups and alert every form of the elements and the host is built
 * from, so each form gets the same labels, aria-* links, error display and focus handling.
 *
 *   const form = useForm({ initial: { email: "", password: "", timeline: "" }, validate, onSubmit: send });
 *   <form noValidate onSubmit={form.submit}>
 *     <FormAlert {...form.alert} />
 *     <TextField label={t`Email address`} type="email" {...form.field("email")} />
 *     <PasswordField label={t`Password`} {...form.field("password")} hint={t`…`} />
 *     <SelectField label={t`Timeline`} {...form.field("timeline")} options={timelines} placeholder={t`Select an option`} />
 *     <CheckboxGroup legend={t`Which features do you need?`} value={features} onValueChange={setFeatures} options={…} />
 *   </form>
 *
 * - `useForm` holds a form's values, its errors (by field, and `form` for the alert), the server's answer mapped to
 *   the fields it is about, whether it is being sent (a second submit meanwhile is ignored), and moves focus to the
 *   first invalid field after a failed submit (`useFocusFirstError`). `fillIn` fills the fields still empty with
 *   values known later (the account's, once the session answers), keeping what was typed.
 * - A field takes `label`, `error` (shown under it, marks it invalid, read with it), `hint`, `invalid` +
 *   `describedBy` (invalid because of a message elsewhere, e.g. a FormAlert with an id), `requiredMark` (an
 *   asterisk the form explains), `onValueChange`, and its control's own attributes (name, autoComplete, required …).
 * - Styles: an element adopts `formCss`, and `choicesCss` when it has a checkbox or radio group
 *   (`defineElement({ css: [formCss, choicesCss, css] })`), and merges `formCatalog` (`catalog: [formCatalog, { nl, en }]`);
 *   the host imports `@agency/ui/styles/form.css` (and `choices.css`) and loads `formCatalog`.
 * - A field the kit lacks: `useField(props)` gives the frame's props (for `FieldFrame`) and the control's.
 * - Import it from `@agency/ui/form`, not `@agency/ui`: an element without a form then never carries it.
 */
import formCss from "../styles/form.css?inline";

export { formCss };
export { formCatalog } from "./i18n";
export {
  useField,
  FieldFrame,
  TextField,
  TextAreaField,
  PasswordField,
  FormAlert,
  useFocusFirstError,
  type FieldProps,
  type ValueProps,
  type TextFieldProps,
  type TextAreaFieldProps,
  type PasswordFieldProps,
} from "./fields";
export { useForm, type FormErrors, type FormOptions } from "./use-form";
export { SelectField, type SelectFieldProps, type Choice } from "./select-field";
export { choicesCss, type ChoiceOption, type ChoiceGroupProps } from "./choice-group";
export { CheckboxGroup, type CheckboxGroupProps } from "./checkbox-group";
export { RadioGroup, type RadioGroupProps } from "./radio-group";
