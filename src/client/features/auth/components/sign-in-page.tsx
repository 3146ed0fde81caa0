import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { LoginSchema } from "../../../../domain/user";
import { InputField, USERNAME_INPUT } from "../../../components/input-field";
import { Button } from "../../../components/ui/button";
import { Form } from "../../../components/ui/form";
import { useT } from "../../../i18n";
import { errorMessage } from "../../../lib/api-client";
import { type SignInInput, useSignIn } from "../api/sign-in";
import { AuthLayout, FormAlert } from "./auth-layout";

export default function SignInPage() {
  const { t } = useT();
  const signIn = useSignIn();
  const form = useForm<SignInInput>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { username: "", password: "" },
  });

  return (
    <AuthLayout title={t("auth.signIn.title")} description={t("auth.signIn.description")}>
      <Form {...form}>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
        >
          <FormAlert message={signIn.isError ? errorMessage(signIn.error) : null} />
          <InputField control={form.control} name="username" label={t("auth.username")} {...USERNAME_INPUT} />
          <InputField
            control={form.control}
            name="password"
            label={t("auth.password")}
            type="password"
            autoComplete="current-password"
          />
          <Button type="submit" className="mt-2 w-full" disabled={signIn.isPending}>
            {signIn.isPending ? t("auth.signIn.pending") : t("auth.signIn.submit")}
          </Button>
        </form>
      </Form>
    </AuthLayout>
  );
}
