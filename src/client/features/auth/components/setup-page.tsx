import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { SetupSchema } from "../../../../domain/user";
import { InputField, USERNAME_INPUT } from "../../../components/input-field";
import { Button } from "../../../components/ui/button";
import { Form } from "../../../components/ui/form";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { useSetUp } from "../api/set-up";
import { AuthLayout, FormAlert } from "./auth-layout";

const SetupFormSchema = SetupSchema.extend({
  confirmPassword: z.string().min(1, "auth.setup.confirmRequired"),
}).refine((v) => v.password === v.confirmPassword, {
  path: ["confirmPassword"],
  message: "auth.passwordsDiffer",
});
type SetupFormValues = z.input<typeof SetupFormSchema>;

/** First run (no user exists yet): create the administrator, who is then signed in. */
export default function SetupPage() {
  const { t } = useT();
  const setUp = useSetUp();
  const form = useForm<SetupFormValues, unknown, z.output<typeof SetupFormSchema>>({
    resolver: zodResolver(SetupFormSchema),
    defaultValues: { username: "", password: "", confirmPassword: "" },
  });

  return (
    <AuthLayout title={t("auth.setup.title")} description={t("auth.setup.description")}>
      <Form {...form}>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={form.handleSubmit(({ username, password }) => setUp.mutate({ username, password }))}
        >
          <FormAlert message={setUp.isError ? errorMessage(setUp.error) : null} />
          <InputField control={form.control} name="username" label={t("auth.username")} {...USERNAME_INPUT} />
          <InputField
            control={form.control}
            name="password"
            label={t("auth.password")}
            type="password"
            autoComplete="new-password"
            description={t("auth.passwordRule")}
          />
          <InputField
            control={form.control}
            name="confirmPassword"
            label={t("auth.setup.confirm")}
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" className="mt-2 w-full" disabled={setUp.isPending}>
            {setUp.isPending ? t("auth.setup.pending") : t("auth.setup.submit")}
          </Button>
        </form>
      </Form>
    </AuthLayout>
  );
}
