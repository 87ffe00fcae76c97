import { Logo } from '@/components/brand/logo';
import { STORE_NAME, STORE_TAGLINE } from '@/config/store';
import { SignInForm } from './sign-in-form';

export function SignInScreen() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-rose-50 via-white to-slate-100 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <Logo className="mb-4 h-14 w-14" />
          <p className="text-2xl font-bold tracking-tight text-slate-900">{STORE_NAME}</p>
          <p className="mt-1 text-sm text-slate-500">{STORE_TAGLINE}</p>
        </div>
        <section
          aria-labelledby="sign-in-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          data-testid="sign-in-card"
        >
          <h1 id="sign-in-title" className="text-xl font-semibold text-slate-900">
            Sign In
          </h1>
          <p className="mt-1 mb-6 text-sm text-slate-500">Enter your credentials to access the system</p>
          <SignInForm />
        </section>
      </div>
    </main>
  );
}
