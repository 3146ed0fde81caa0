import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { SetupSchema } from "../../../../domain/user";
import { InputField, USERNAME_INPUT } from "../../../components/input-field";
import { Button } from "../../../components/ui/button";
import { Form } from "../../../components/ui/form";
import { errorMessage } from "../../../lib/api-client";
import { useSetUp } from "../api/set-up";
import { AuthLayout, FormAlert } from "./auth-layout";

const SetupFormSchema = SetupSchema.extend({
  confirmPassword: z.string().min(1, "Confirm the password"),
}).refine((v) => v.password === v.confirmPassword, {
  path: ["confirmPassword"],
  message: "The passwords do not match",
});
type SetupFormValues = z.input<typeof SetupFormSchema>;

/** First run (no user exists yet): create the administrator, who is then signed in. */
export default function SetupPage() {
  const setUp = useSetUp();
  const form = useForm<SetupFormValues, unknown, z.output<typeof SetupFormSchema>>({
    resolver: zodResolver(SetupFormSchema),
    defaultValues: { username: "", password: "", confirmPassword: "" },
  });

  return (
    <AuthLayout
      title="Create the administrator"
      description="Welcome! No one has signed in yet. Create the administrator account to start using Fabric Inventory."
    >
      <Form {...form}>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={form.handleSubmit(({ username, password }) => setUp.mutate({ username, password }))}
        >
          <FormAlert message={setUp.isError ? errorMessage(setUp.error) : null} />
          <InputField control={form.control} name="username" label="Username" {...USERNAME_INPUT} />
          <InputField
            control={form.control}
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            description="At least 8 characters."
          />
          <InputField
            control={form.control}
            name="confirmPassword"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" className="mt-2 w-full" disabled={setUp.isPending}>
            {setUp.isPending ? "Creating..." : "Create administrator"}
          </Button>
        </form>
      </Form>
    </AuthLayout>
  );
}
