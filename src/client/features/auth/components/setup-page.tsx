import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { SetupSchema } from "../../../../domain/user";
import { Button } from "../../../components/ui/button";
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
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
          <FormField
            control={form.control}
            name="username"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Username</FormLabel>
                <FormControl>
                  <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Password</FormLabel>
                <FormControl>
                  <Input type="password" autoComplete="new-password" {...field} />
                </FormControl>
                <FormDescription>At least 8 characters.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="confirmPassword"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Confirm password</FormLabel>
                <FormControl>
                  <Input type="password" autoComplete="new-password" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" className="mt-2 w-full" disabled={setUp.isPending}>
            {setUp.isPending ? "Creating..." : "Create administrator"}
          </Button>
        </form>
      </Form>
    </AuthLayout>
  );
}
