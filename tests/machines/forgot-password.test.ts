import { describeModel } from '../support/model-vitest.js';
import { model } from './forgot-password.model.js';

describeModel(model);
