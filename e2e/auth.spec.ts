import { expect, test } from './support/test'
import {
  CONFIRM_SUBJECT,
  linkIn,
  newUser,
  pathOf,
  useLanguage,
  waitForMail,
  type Language,
} from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'

// The whole account journey, once per language: register → the confirmation e-mail → confirm →
// dashboard with the welcome bonus → profile → sign out → sign in again.

const copy = {
  es: {
    register: 'Crea tu cuenta',
    username: 'Nombre de usuario',
    email: 'Correo electrónico',
    password: 'Contraseña',
    confirm: 'Confirma la contraseña',
    submit: 'Crear mi cuenta',
    bonus: 'Bono de bienvenida: 1.000 monedas',
    checkEmail: 'Revisa tu correo',
    confirmed: 'Tu correo está confirmado',
    // Every number groups its thousands, four digits too (docs/decisions/072): 1.000 beside 10.000.
    balance: '1.000',
    profile: 'Perfil',
    bonusRow: 'Bono de bienvenida',
    bonusAmount: '+1.000 monedas',
    signOut: 'Cerrar sesión',
    signIn: 'Iniciar sesión',
    mailLang: 'lang="es"',
  },
  en: {
    register: 'Create your account',
    username: 'Username',
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    submit: 'Create my account',
    bonus: 'Welcome bonus: 1,000 coins',
    checkEmail: 'Check your email',
    confirmed: 'Your email is confirmed',
    balance: '1,000',
    profile: 'Profile',
    bonusRow: 'Welcome bonus',
    bonusAmount: '+1,000 coins',
    signOut: 'Sign out',
    signIn: 'Sign in',
    mailLang: 'lang="en"',
  },
} as const

for (const language of ['es', 'en'] as const satisfies Language[]) {
  test(`the account journey in ${language === 'es' ? 'Spanish' : 'English'}`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(60_000)
    const text = copy[language]
    const user = newUser(`journey_${language}`)
    await useLanguage(context, language)

    // Register.
    await page.goto('/register')
    await expect(page.getByRole('heading', { level: 1, name: text.register })).toBeVisible()
    await expect(page).toHaveTitle(`${text.register} | Golden Point`)
    await expect(page.getByTestId('welcome-bonus')).toContainText(text.bonus)
    await expectNoSeriousA11yViolations(page)
    await page.getByLabel(text.username, { exact: true }).fill(user.username)
    await page.getByLabel(text.email, { exact: true }).fill(user.email)
    await page.getByLabel(text.password, { exact: true }).fill(user.password)
    await page.getByLabel(text.confirm, { exact: true }).fill(user.password)
    await page.getByRole('button', { name: text.submit }).click()

    // The e-mail-sent page names the address.
    await expect(page).toHaveURL(/\/email-sent\?email=/)
    await expect(page.getByRole('heading', { level: 1, name: text.checkEmail })).toBeVisible()
    await expect(page.getByTestId('sent-email')).toHaveText(user.email)
    await expectNoSeriousA11yViolations(page)

    // The confirmation e-mail, written in the interface's language.
    const mail = await waitForMail(request, user.email, CONFIRM_SUBJECT)
    expect(mail.html).toContain(text.mailLang)
    const link = linkIn(mail, '/email-confirmation')

    // Confirm: success, then the dashboard by itself after 3 seconds, signed in.
    await page.goto(pathOf(link))
    await expect(page.getByRole('heading', { name: text.confirmed })).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 6_000 })
    await expect(page.getByTestId('header-balance')).toHaveText(text.balance)
    await expect(page.getByTestId('header-username')).toHaveText(user.username)

    // The profile shows the welcome bonus as a credit.
    // The account menu holds the profile (with the whole username), the language and sign out.
    await page.getByTestId('user-menu').click()
    await page.getByTestId('header-username').click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByRole('heading', { level: 1, name: text.profile })).toBeVisible()
    await expect(page.getByTestId('profile-username')).toHaveText(user.username)
    await expect(page.getByTestId('profile-email')).toHaveText(user.email)
    await expect(page.getByTestId('profile-balance')).toHaveText(text.balance)
    const row = page.getByTestId('transaction-row')
    await expect(row).toHaveCount(1)
    await expect(row).toHaveAttribute('data-type', 'welcome_bonus')
    await expect(row).toHaveAttribute('data-category', 'credit')
    await expect(row).toContainText(text.bonusRow)
    await expect(row.getByTestId('transaction-amount')).toHaveText(text.bonusAmount)
    await expectNoSeriousA11yViolations(page)

    // Sign out from the header: the session is gone and the visitor is back at the landing page.
    await page.getByTestId('user-menu').click()
    await page.getByRole('button', { name: text.signOut, exact: true }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('link', { name: text.signIn }).first()).toBeVisible()
    expect((await page.request.get('/api/me')).status()).toBe(401)

    // Sign in again through the form.
    await page.goto('/login')
    await page.getByLabel(text.email, { exact: true }).fill(user.email)
    await page.getByLabel(text.password, { exact: true }).fill(user.password)
    await page.getByRole('button', { name: text.signIn, exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByTestId('header-username')).toHaveText(user.username)
    await expect(page.getByTestId('header-balance')).toHaveText(text.balance)
  })
}
